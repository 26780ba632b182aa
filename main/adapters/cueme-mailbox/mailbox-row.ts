/**
 * One row of the mailbox's `cue_requests`, as the worker reads it (capped by SQL, see
 * readRowSql), turned into a cue or into the reason it cannot be one. No zod: the worker runs
 * on Node built-ins alone.
 */
import { MAILBOX_LIMITS as LIMITS } from './mailbox-limits';
import type { MailboxCue, MailboxProblem } from './worker-messages';

const ENV_COLUMNS = `,
  substr(e.agent_runtime, 1, ${LIMITS.runtime + 1}) AS agent_runtime,
  substr(e.project_dir, 1, ${LIMITS.projectDir + 1}) AS project_dir,
  substr(e.agent_terminal, 1, ${LIMITS.terminal + 1}) AS agent_terminal`;

/**
 * Reads one row (`?` = its rowid) with every text cut by SQLite before it reaches JavaScript (a
 * 100 MB prompt costs the worker 100 KB), and the prompt's and payload's full lengths.
 * `withEnv`: joined with agent_envs (absent in mailboxes from before cueme kept agent details).
 */
export function readRowSql(withEnv: boolean): string {
  return `SELECT r.id AS row_id,
  substr(r.request_id, 1, ${LIMITS.requestId + 1}) AS request_id,
  substr(r.agent_id, 1, ${LIMITS.agentId + 1}) AS agent_id, length(r.agent_id) AS agent_id_length,
  substr(r.prompt, 1, ${LIMITS.prompt}) AS prompt, length(r.prompt) AS prompt_length,
  substr(r.payload, 1, ${LIMITS.payload}) AS payload, length(r.payload) AS payload_length,
  substr(r.created_at, 1, ${LIMITS.createdAt + 1}) AS created_at${withEnv ? ENV_COLUMNS : ''}
  FROM cue_requests r${withEnv ? ' LEFT JOIN agent_envs e ON e.agent_id = r.agent_id' : ''}
  WHERE r.id = ?`;
}

type Row = Record<string, unknown>;

/** A text column: null stays null, a number becomes its text, anything else (a BLOB) is unusable. */
function textOf(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return undefined;
}

/** An optional label: left out (null) when it is not text or longer than `max`. */
function label(value: unknown, max: number): string | null {
  const text = textOf(value);
  return text && text.length <= max ? text : null;
}

/** The row as a cue, or the one thing that keeps the broker from showing and answering it. */
export function cueFromRow(row: Row): { cue: MailboxCue } | { problem: MailboxProblem } {
  const rowId = Number(row.row_id);
  const requestId = textOf(row.request_id);
  const bad = (field: string, reason: string) => ({
    problem: { rowId, requestId: (requestId ?? '').slice(0, 80), field, reason },
  });
  if (!requestId) return bad('request_id', 'its request_id is empty');
  if (requestId.length > LIMITS.requestId)
    return bad('request_id', `its request_id is over ${LIMITS.requestId} characters`);
  const agentId = textOf(row.agent_id);
  if (agentId === undefined) return bad('agent_id', 'its agent_id is not text');
  if (agentId && agentId.length > LIMITS.agentId) {
    const length = Number(row.agent_id_length).toLocaleString('en');
    return bad('agent_id', `its agent_id is ${length} characters long (at most ${LIMITS.agentId})`);
  }
  const prompt = textOf(row.prompt);
  if (prompt === undefined) return bad('prompt', 'its prompt is not text');
  const payload = textOf(row.payload);
  const payloadLength = Number(row.payload_length ?? 0);
  return {
    cue: {
      requestId,
      agentId: agentId ?? '',
      prompt: prompt ?? '',
      promptLength: Math.max(Number(row.prompt_length ?? 0), (prompt ?? '').length),
      // A payload cut short is no JSON: it is left out, and the cue says so (mailbox-request.ts).
      payload: payload !== undefined && payloadLength <= LIMITS.payload ? payload : null,
      payloadLength: Number.isFinite(payloadLength) ? payloadLength : 0,
      createdAt: label(row.created_at, LIMITS.createdAt),
      runtime: label(row.agent_runtime, LIMITS.runtime),
      projectDir: label(row.project_dir, LIMITS.projectDir),
      terminal: label(row.agent_terminal, LIMITS.terminal),
    },
  };
}
