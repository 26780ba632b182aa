import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CuemeMailbox } from '../../../main/adapters/cueme-mailbox/cueme-mailbox';
import {
  bundledNode,
  hasBuiltinSqlite,
  startWorker,
} from '../../../main/adapters/cueme-mailbox/worker-host';
import { Broker } from '../../../main/broker/broker';
import { RequestStore } from '../../../main/broker/persistence/request-store';
import { NotAvailableError } from './not-available';

/** What one run against a large mailbox measured. */
export interface LargeMailboxFigures {
  /** The mailbox file's size, MB. */
  mailboxMb: number;
  /** From the worker's start until every pending cue is in the inbox, ms (null: not within the wait). */
  firstSyncMs: number | null;
  /** How many cues were in the inbox when the first sync ended (or its wait ran out). */
  synced: number;
  /** One more cue written by another process until it is in the inbox, ms. */
  newCueMs: number | null;
  /** The worker process's peak RSS (VmHWM), MB. */
  workerPeakMb: number;
  /** The broker process's peak RSS (maxRSS), MB, and before the mailbox was served. */
  brokerPeakMb: number;
  brokerBeforeMb: number;
  /** history.json once every cue was answered, MB. */
  historyMb: number;
}

/** A Node with node:sqlite (this one or the bundled one); throws NotAvailableError without. */
export function sqliteNodeBinary(): string {
  const node = hasBuiltinSqlite() ? process.execPath : bundledNode();
  if (!node) throw new NotAvailableError('no Node with node:sqlite (node-<platform>-<arch>)');
  return node;
}

const SCHEMA = `CREATE TABLE IF NOT EXISTS cue_requests (id INTEGER PRIMARY KEY AUTOINCREMENT,
  request_id TEXT UNIQUE, agent_id TEXT DEFAULT "", prompt TEXT NOT NULL, payload TEXT,
  status TEXT DEFAULT "PENDING", created_at TEXT, updated_at TEXT);
CREATE TABLE IF NOT EXISTS cue_responses (id INTEGER PRIMARY KEY AUTOINCREMENT, request_id TEXT UNIQUE,
  response_json TEXT NOT NULL, cancelled INTEGER DEFAULT 0, created_at TEXT);
CREATE TABLE IF NOT EXISTS agent_envs (agent_id TEXT PRIMARY KEY, agent_runtime TEXT,
  project_dir TEXT, agent_terminal TEXT, updated_at TEXT);`;

/**
 * Writes cues into a cueme mailbox (tables as cueme 0.1.16 makes them) in another process with
 * node:sqlite: `count` rows of `promptChars` characters starting at number `from`.
 */
export function writeCues(dbPath: string, count: number, promptChars: number, from = 0) {
  const script = `const { DatabaseSync } = require('node:sqlite');
    const db = new DatabaseSync(${JSON.stringify(dbPath)});
    db.exec('PRAGMA busy_timeout = 5000'); // as cueme's better-sqlite3
    db.exec(${JSON.stringify(SCHEMA)});
    const ins = db.prepare('INSERT INTO cue_requests (request_id, agent_id, prompt, payload, status, created_at, updated_at) VALUES (?,?,?,?,?,?,?)');
    const at = new Date().toISOString();
    db.exec('BEGIN');
    for (let i = ${from}; i < ${from + count}; i++)
      ins.run('big-' + i, 'agent', 'Prompt ' + i + ' ' + 'x'.repeat(${promptChars}), null, 'PENDING', at, at);
    db.exec('COMMIT');
    db.close();`;
  return new Promise<void>((resolve, reject) => {
    const child = spawn(sqliteNodeBinary(), ['--no-warnings', '-e', script], { stdio: 'inherit' });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the cue writer exited ${code}`)),
    );
  });
}

/** The peak RSS (VmHWM) of this process's child running `scriptName`, MB, if there is one. */
function childPeakMb(scriptName: string): number | undefined {
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(scriptName)) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return hwm ? Number(hwm[1]) / 1024 : undefined;
    } catch {
      // A process that ended meanwhile.
    }
  }
  return undefined;
}

/** Resolves true once `check` holds, false when `timeoutMs` passed first. */
async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/**
 * Serves a mailbox of `rows` pending cues of `promptChars` characters with the worker at
 * `script` (a child process, as `serve` runs it on Node 20) and measures the first sync, one
 * new cue, both processes' peak RSS and the history file once all are answered.
 */
export async function measureLargeMailbox(
  dir: string,
  options: {
    rows: number;
    promptChars: number;
    script: string;
    waitMs?: number;
    /** `child` (default): the worker's own process, as `serve` runs it on Node 20. */
    mode?: 'thread' | 'child';
  },
): Promise<LargeMailboxFigures> {
  const dbPath = path.join(dir, 'cue.db');
  const stateDir = path.join(dir, 'state');
  await writeCues(dbPath, options.rows, options.promptChars);
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const brokerBeforeMb = mb(process.memoryUsage().rss);
  const broker = new Broker();
  const store = new RequestStore({ stateDir });
  store.attach(broker);
  const node = sqliteNodeBinary();
  let workerPeakMb = 0;
  const sampler = setInterval(() => {
    workerPeakMb = Math.max(workerPeakMb, childPeakMb(path.basename(options.script)) ?? 0);
  }, 50);
  const started = performance.now();
  const mailbox = new CuemeMailbox({
    broker,
    dbPath,
    warn: (m) => process.stderr.write(`${m}\n`),
    start: (db) =>
      startWorker(db, { script: options.script, mode: options.mode ?? 'child', nodeBinary: node }),
  });
  try {
    const waitMs = options.waitMs ?? 600_000;
    const synced = await until(() => broker.pendingCount >= options.rows, waitMs);
    const firstSyncMs = synced ? performance.now() - started : null;
    const count = broker.pendingCount;
    const before = performance.now();
    await writeCues(dbPath, 1, 100, options.rows);
    const seen = synced && (await until(() => broker.pendingCount > options.rows, waitMs));
    const newCueMs = seen ? performance.now() - before : null;
    for (const request of broker.pending()) broker.answer(request.id, { text: 'ok' });
    store.flush();
    return {
      mailboxMb: mb(statSync(dbPath).size),
      firstSyncMs,
      synced: count,
      newCueMs,
      workerPeakMb,
      brokerPeakMb: process.resourceUsage().maxRSS / 1024,
      brokerBeforeMb,
      historyMb: count ? mb(statSync(path.join(stateDir, 'history.json')).size) : 0,
    };
  } finally {
    clearInterval(sampler);
    workerPeakMb = Math.max(workerPeakMb, childPeakMb(path.basename(options.script)) ?? 0);
    await mailbox.close();
    store.close();
    broker.close();
  }
}
