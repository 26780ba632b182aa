/**
 * The cueme mailbox worker: owns the one SQLite connection to the original cueme's `cue.db`.
 * Runs where `node:sqlite` exists (Node ≥ 22.13, Electron 40): as a worker thread of the broker,
 * or as a child process under the bundled Node when the broker's own Node lacks it. Depends on
 * nothing but Node built-ins so it starts the same in both.
 *
 * Every 250 ms it reads the unanswered cues and posts the set when it changed; it writes answers
 * in the same rows and shape the original console writes them (`cue_responses` + the request's
 * status), each in one IMMEDIATE transaction, with a 5 s busy timeout like better-sqlite3's.
 */
import { existsSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { MailboxCue, WorkerCommand, WorkerMessage } from './worker-messages';

interface Statement {
  all(...params: unknown[]): Record<string, unknown>[];
  run(...params: unknown[]): { changes: number | bigint };
}
interface Database {
  exec(sql: string): void;
  prepare(sql: string): Statement;
  close(): void;
}
type SqliteModule = { DatabaseSync: new (path: string) => Database };

const POLL_MS = 250;
const MAX_CUES = 500;
const dbPath: string = (workerData as { dbPath?: string } | null)?.dbPath ?? process.argv[2] ?? '';
const send = (message: WorkerMessage) =>
  parentPort ? parentPort.postMessage(message) : process.send?.(message);

const PENDING_WITH_ENV = `SELECT r.request_id, r.agent_id, r.prompt, r.payload, r.created_at,
  e.agent_runtime, e.project_dir, e.agent_terminal
  FROM cue_requests r LEFT JOIN agent_envs e ON e.agent_id = r.agent_id
  WHERE r.status = 'PENDING'
    AND NOT EXISTS (SELECT 1 FROM cue_responses s WHERE s.request_id = r.request_id)
  ORDER BY r.id LIMIT ${MAX_CUES}`;
const PENDING_PLAIN = `SELECT r.request_id, r.agent_id, r.prompt, r.payload, r.created_at
  FROM cue_requests r
  WHERE r.status = 'PENDING'
    AND NOT EXISTS (SELECT 1 FROM cue_responses s WHERE s.request_id = r.request_id)
  ORDER BY r.id LIMIT ${MAX_CUES}`;

// node:sqlite announces itself as experimental on every load; the broker's log has no use for it.
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  if (/SQLite is an experimental feature/.test(String(warning))) return;
  (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;

let db: Database | undefined;
let lastSignature = '';
let lastError = '';

function open(): Database | undefined {
  if (db) return db;
  if (!existsSync(dbPath)) return undefined;
  const sqlite = process.getBuiltinModule('node:sqlite') as SqliteModule;
  const opened = new sqlite.DatabaseSync(dbPath);
  opened.exec('PRAGMA busy_timeout = 5000');
  db = opened;
  return db;
}

function text(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

function readPending(database: Database): MailboxCue[] {
  let rows: Record<string, unknown>[];
  try {
    rows = database.prepare(PENDING_WITH_ENV).all();
  } catch (error) {
    if (!/no such table: agent_envs/.test(String(error))) throw error;
    rows = database.prepare(PENDING_PLAIN).all();
  }
  return rows.map((row) => ({
    requestId: String(row.request_id ?? ''),
    agentId: String(row.agent_id ?? ''),
    prompt: String(row.prompt ?? ''),
    payload: text(row.payload),
    createdAt: text(row.created_at),
    runtime: text(row.agent_runtime),
    projectDir: text(row.project_dir),
    terminal: text(row.agent_terminal),
  }));
}

function poll(): void {
  try {
    const database = open();
    if (!database) return;
    let cues: MailboxCue[];
    try {
      cues = readPending(database);
    } catch (error) {
      // A mailbox whose tables cueme has not created yet holds no cue.
      if (!/no such table/.test(String(error))) throw error;
      cues = [];
    }
    const signature = JSON.stringify(cues);
    lastError = '';
    if (signature === lastSignature) return;
    lastSignature = signature;
    send({ type: 'pending', cues });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message !== lastError) send({ type: 'error', message });
    lastError = message;
  }
}

/** The local time with its UTC offset, the format cueme writes its timestamps in. */
function nowIso(): string {
  const now = new Date();
  const offset = -now.getTimezoneOffset();
  const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');
  const zone = `${offset >= 0 ? '+' : '-'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return (
    `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}` +
    `T${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}.${pad(now.getMilliseconds(), 3)}${zone}`
  );
}

function write(command: WorkerCommand): void {
  const cancelled = command.op === 'cancel';
  const responseText = command.op === 'answer' ? command.text : '';
  try {
    const database = open();
    if (!database) throw new Error(`${dbPath} does not exist`);
    const at = nowIso();
    database.exec('BEGIN IMMEDIATE');
    let inserted: number | bigint;
    try {
      inserted = database
        .prepare(
          'INSERT OR IGNORE INTO cue_responses (request_id, response_json, cancelled, created_at) VALUES (?, ?, ?, ?)',
        )
        .run(
          command.requestId,
          JSON.stringify({ text: responseText }),
          cancelled ? 1 : 0,
          at,
        ).changes;
      if (inserted) {
        database
          .prepare('UPDATE cue_requests SET status = ?, updated_at = ? WHERE request_id = ?')
          .run(cancelled ? 'CANCELLED' : 'COMPLETED', at, command.requestId);
      }
      database.exec('COMMIT');
    } catch (error) {
      database.exec('ROLLBACK');
      throw error;
    }
    send({
      type: 'written',
      requestId: command.requestId,
      ok: Number(inserted) === 1,
      ...(Number(inserted) === 1 ? {} : { detail: 'it was already answered elsewhere' }),
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    send({ type: 'written', requestId: command.requestId, ok: false, detail });
  }
  poll();
}

function onCommand(raw: unknown): void {
  const command = raw as Partial<WorkerCommand> | null;
  if (!command || typeof command.requestId !== 'string') return;
  if (command.op === 'answer' && typeof command.text === 'string') write(command as WorkerCommand);
  else if (command.op === 'cancel') write(command as WorkerCommand);
}

const timer = setInterval(poll, POLL_MS);
poll();
if (parentPort) parentPort.on('message', onCommand);
else {
  process.on('message', onCommand);
  // The broker went away: nothing is left to serve.
  process.on('disconnect', () => {
    clearInterval(timer);
    db?.close();
    process.exit(0);
  });
}
