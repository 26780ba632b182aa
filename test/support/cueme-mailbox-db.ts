import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { sqliteNodeBinary } from './load/large-mailbox';

/** One row for cue_requests; `repeat` makes a long text in the writing process (argv is small). */
export interface CueRow {
  request_id: string;
  agent_id?: string;
  prompt?: string;
  /** Appended to the prompt: `count` copies of `text`. */
  repeat?: { text: string; count: number };
  /** `agent_id` as `count` copies of this text instead. */
  agentRepeat?: { text: string; count: number };
}

/** The tables of cueme 0.1.16's mailbox (test/fixtures/cueme-0.1.16/src/db.js). */
const SCHEMA = `CREATE TABLE IF NOT EXISTS cue_requests (id INTEGER PRIMARY KEY AUTOINCREMENT,
  request_id TEXT UNIQUE, agent_id TEXT DEFAULT "", prompt TEXT NOT NULL, payload TEXT,
  status TEXT DEFAULT "PENDING", created_at TEXT, updated_at TEXT);
CREATE TABLE IF NOT EXISTS cue_responses (id INTEGER PRIMARY KEY AUTOINCREMENT, request_id TEXT UNIQUE,
  response_json TEXT NOT NULL, cancelled INTEGER DEFAULT 0, created_at TEXT);
CREATE TABLE IF NOT EXISTS agent_envs (agent_id TEXT PRIMARY KEY, agent_runtime TEXT,
  project_dir TEXT, agent_terminal TEXT, updated_at TEXT);`;

/** Runs `body` (JavaScript with `db`, a node:sqlite connection to `dbPath`) in its own process; resolves with what it printed. */
export async function withMailbox(dbPath: string, body: string, stdin = ''): Promise<string> {
  const script = `const { DatabaseSync } = require('node:sqlite');
    const db = new DatabaseSync(${JSON.stringify(dbPath)});
    db.exec('PRAGMA busy_timeout = 5000');
    db.exec(${JSON.stringify(SCHEMA)});
    const input = require('node:fs').readFileSync(0, 'utf8');
    ${body}
    db.close();`;
  const child = spawn(sqliteNodeBinary(), ['--no-warnings', '-e', script]);
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  child.stdin.end(stdin);
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the mailbox script failed (${code}): ${err}`);
  return out;
}

/** Inserts PENDING cues as cueme's `cue` does (another connection, its own process). */
export async function insertCues(dbPath: string, rows: CueRow[]): Promise<void> {
  await withMailbox(
    dbPath,
    `const at = new Date().toISOString();
    const ins = db.prepare('INSERT INTO cue_requests (request_id, agent_id, prompt, payload, status, created_at, updated_at) VALUES (?,?,?,NULL,?,?,?)');
    for (const r of JSON.parse(input)) {
      const agent = r.agentRepeat ? r.agentRepeat.text.repeat(r.agentRepeat.count) : (r.agent_id ?? 'agent');
      const prompt = (r.prompt ?? '') + (r.repeat ? r.repeat.text.repeat(r.repeat.count) : '');
      ins.run(r.request_id, agent, prompt, 'PENDING', at, at);
    }`,
    JSON.stringify(rows),
  );
}

/** The mailbox's state of one cue: its status and its response row, if any. */
export async function cueState(
  dbPath: string,
  requestId: string,
): Promise<{ status: string; response: string | null; cancelled: number | null }> {
  const out = await withMailbox(
    dbPath,
    `const r = db.prepare('SELECT status FROM cue_requests WHERE request_id = ?').get(input);
    const s = db.prepare('SELECT response_json, cancelled FROM cue_responses WHERE request_id = ?').get(input);
    console.log(JSON.stringify({ status: r?.status ?? null, response: s?.response_json ?? null, cancelled: s?.cancelled ?? null }));`,
    requestId,
  );
  return JSON.parse(out) as { status: string; response: string | null; cancelled: number | null };
}

/**
 * Holds an EXCLUSIVE lock on the mailbox from a second connection (another process) until
 * `release` is called: every other connection's read and write waits, then fails as busy.
 */
export async function holdExclusiveLock(dbPath: string): Promise<{ release(): Promise<void> }> {
  const script = `const { DatabaseSync } = require('node:sqlite');
    const db = new DatabaseSync(${JSON.stringify(dbPath)});
    db.exec('BEGIN EXCLUSIVE');
    console.log('locked');
    process.stdin.resume();
    process.stdin.on('end', () => { db.exec('COMMIT'); db.close(); process.exit(0); });`;
  const child = spawn(sqliteNodeBinary(), ['--no-warnings', '-e', script]);
  const line = createInterface({ input: child.stdout });
  const [first] = (await once(line, 'line')) as [string];
  if (first !== 'locked') throw new Error(`the lock holder said ${first}`);
  return {
    async release() {
      const gone = once(child, 'exit');
      child.stdin.end();
      await gone;
    },
  };
}
