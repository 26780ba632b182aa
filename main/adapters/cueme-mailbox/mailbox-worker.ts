/**
 * The cueme mailbox worker: owns the one SQLite connection to the original cueme's `cue.db`.
 * Runs where `node:sqlite` exists (Node ≥ 22.13, Electron 40): as a worker thread of the broker,
 * or as a child process under the bundled Node when the broker's own Node lacks it. Depends on
 * nothing but Node built-ins so it starts the same in both.
 *
 * Every 250 ms it asks SQLite whether another connection changed the file (`data_version`) and
 * only then reads the unanswered cues (mailbox-scan.ts), posting the set when it changed. It
 * writes answers as the original console does (mailbox-write.ts), with a 5 s busy timeout like
 * better-sqlite3's; a write that fails is reported and retried by the broker side.
 */
import { existsSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { MailboxScan, type Database } from './mailbox-scan';
import { writeAnswer } from './mailbox-write';
import type { WorkerCommand, WorkerMessage } from './worker-messages';

type SqliteModule = { DatabaseSync: new (path: string) => Database };

const POLL_MS = 250;
const dbPath: string = (workerData as { dbPath?: string } | null)?.dbPath ?? process.argv[2] ?? '';
const send = (message: WorkerMessage) =>
  parentPort ? parentPort.postMessage(message) : process.send?.(message);

// node:sqlite announces itself as experimental on every load; the broker's log has no use for it.
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  if (/SQLite is an experimental feature/.test(String(warning))) return;
  (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;

const scan = new MailboxScan();
let db: Database | undefined;
let lastVersion: unknown;
let lastSignature: string | undefined;
let lastError = '';

function open(): Database | undefined {
  if (db) return db;
  if (!existsSync(dbPath)) return undefined;
  const sqlite = process.getBuiltinModule('node:sqlite') as SqliteModule;
  const opened = new sqlite.DatabaseSync(dbPath);
  opened.exec('PRAGMA busy_timeout = 5000');
  db = opened;
  scan.reset();
  lastVersion = undefined;
  return db;
}

/** Closes the connection: the next use opens a fresh one (a file made writable again). */
function reopenLater(): void {
  try {
    db?.close();
  } catch {
    // Already unusable.
  }
  db = undefined;
}

/** `force`: read even if no other connection changed the file (after our own write). */
function poll(force = false): void {
  try {
    const database = open();
    if (!database) return;
    // Changes only when another connection commits: an idle mailbox costs one pragma a poll.
    const version = database.prepare('PRAGMA data_version').get()?.data_version;
    if (!force && version === lastVersion) return;
    const { cues, problems, signature } = scan.scan(database);
    lastVersion = version;
    lastError = '';
    if (signature === lastSignature) return;
    lastSignature = signature;
    send({ type: 'pending', cues, problems });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message !== lastError) send({ type: 'error', message });
    lastError = message;
  }
}

function write(command: WorkerCommand): void {
  try {
    const database = open();
    if (!database) throw new Error(`${dbPath} does not exist`);
    send(writeAnswer(database, command));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // A connection opened read-only stays so after a chmod: open a new one for the retry.
    if (/readonly|read-only/i.test(detail)) reopenLater();
    send({ type: 'written', requestId: command.requestId, ok: false, detail });
  }
  poll(true);
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
