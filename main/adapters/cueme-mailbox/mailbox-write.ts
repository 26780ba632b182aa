/**
 * Writes an answer into cueme's mailbox in the same rows and shape the original console writes
 * them (`cue_responses` + the request's status), in one IMMEDIATE transaction. Node built-ins only.
 */
import type { Database } from './mailbox-scan';
import type { WorkerCommand, WorkerMessage } from './worker-messages';

/** The local time with its UTC offset, the format cueme writes its timestamps in. */
export function nowIso(now = new Date()): string {
  const offset = -now.getTimezoneOffset();
  const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');
  const zone = `${offset >= 0 ? '+' : '-'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return (
    `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}` +
    `T${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}.${pad(now.getMilliseconds(), 3)}${zone}`
  );
}

/**
 * Writes one answer or cancel. Throws when it could not be written (locked past the busy timeout,
 * a read-only file, a full disk): the broker side retries. `elsewhere` when the cue already had
 * an answer row (another console, cueme's own timeout): nothing was written.
 */
export function writeAnswer(database: Database, command: WorkerCommand): WorkerMessage {
  const cancelled = command.op === 'cancel';
  const responseText = command.op === 'answer' ? command.text : '';
  const at = nowIso();
  const responseJson = JSON.stringify({ text: responseText });
  database.exec('BEGIN IMMEDIATE');
  let inserted: number;
  try {
    inserted = Number(
      database
        .prepare(
          'INSERT OR IGNORE INTO cue_responses (request_id, response_json, cancelled, created_at) VALUES (?, ?, ?, ?)',
        )
        .run(command.requestId, responseJson, cancelled ? 1 : 0, at).changes,
    );
    if (inserted) {
      database
        .prepare('UPDATE cue_requests SET status = ?, updated_at = ? WHERE request_id = ?')
        .run(cancelled ? 'CANCELLED' : 'COMPLETED', at, command.requestId);
    }
    database.exec('COMMIT');
  } catch (error) {
    try {
      database.exec('ROLLBACK');
    } catch {
      // No transaction left to roll back (SQLite ended it with the error).
    }
    throw error;
  }
  // Our own earlier write whose report was lost (a retry after a worker restart) is no conflict.
  const ours = inserted === 1 || sameResponse(database, command.requestId, responseJson, cancelled);
  return ours
    ? { type: 'written', requestId: command.requestId, ok: true }
    : {
        type: 'written',
        requestId: command.requestId,
        ok: false,
        elsewhere: true,
        detail: 'the cue already had an answer (another console, or cueme gave up waiting)',
      };
}

/** True when the cue's response row is the one this write would have made. */
function sameResponse(
  database: Database,
  requestId: string,
  responseJson: string,
  cancelled: boolean,
): boolean {
  const row = database
    .prepare('SELECT response_json, cancelled FROM cue_responses WHERE request_id = ?')
    .get(requestId);
  return row?.response_json === responseJson && Number(row.cancelled) === (cancelled ? 1 : 0);
}
