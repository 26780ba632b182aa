/**
 * What the mailbox worker reads: the unanswered cues of cueme's `cue.db`. Node built-ins only.
 *
 * Incremental: each poll reads only the ids of the unanswered rows (a rowid scan, ~50 ms for a
 * 135 MB mailbox), and reads a row's text once, when it first shows up, cut to MAILBOX_LIMITS by
 * SQLite. A row that cannot be a cue becomes one problem; it never hides the others.
 */
import { MAX_PENDING_CUES } from './mailbox-limits';
import { cueFromRow, readRowSql } from './mailbox-row';
import type { MailboxCue, MailboxProblem } from './worker-messages';

/** The part of node:sqlite's StatementSync the worker uses. */
export interface Statement {
  all(...params: unknown[]): Record<string, unknown>[];
  get(...params: unknown[]): Record<string, unknown> | undefined;
  run(...params: unknown[]): { changes: number | bigint };
}
/** The part of node:sqlite's DatabaseSync the worker uses. */
export interface Database {
  exec(sql: string): void;
  prepare(sql: string): Statement;
  close(): void;
}

const PENDING_IDS = `SELECT r.id AS id FROM cue_requests r
  WHERE r.status = 'PENDING'
    AND NOT EXISTS (SELECT 1 FROM cue_responses s WHERE s.request_id = r.request_id)
  ORDER BY r.id LIMIT ${MAX_PENDING_CUES}`;

type Read = { cue: MailboxCue } | { problem: MailboxProblem };

/** What one scan found, in row order, and a signature that changes when the set does. */
export interface ScanResult {
  cues: MailboxCue[];
  problems: MailboxProblem[];
  signature: string;
}

/** Keeps the rows already read (capped) between polls of one connection. */
export class MailboxScan {
  private readonly rows = new Map<number, Read>();
  private withEnv = true;

  /** The unanswered cues now (reading only the rows not seen before). */
  scan(db: Database): ScanResult {
    let ids: number[];
    try {
      ids = db
        .prepare(PENDING_IDS)
        .all()
        .map((row) => Number(row.id));
    } catch (error) {
      // A mailbox whose tables cueme has not created yet holds no cue.
      if (!/no such table/.test(String(error))) throw error;
      ids = [];
    }
    const live = new Set(ids);
    for (const id of this.rows.keys()) if (!live.has(id)) this.rows.delete(id);
    const cues: MailboxCue[] = [];
    const problems: MailboxProblem[] = [];
    for (const id of ids) {
      let read = this.rows.get(id);
      if (!read) {
        const row = this.readRow(db, id);
        // Answered and gone between the two statements: the next scan settles it.
        if (!row) continue;
        read = cueFromRow(row);
        this.rows.set(id, read);
      }
      if ('cue' in read) cues.push(read.cue);
      else problems.push(read.problem);
    }
    return { cues, problems, signature: ids.join(',') };
  }

  /** Forgets every row read (a new connection: the file may have been replaced). */
  reset(): void {
    this.rows.clear();
    this.withEnv = true;
  }

  private readRow(db: Database, id: number): Record<string, unknown> | undefined {
    if (this.withEnv) {
      try {
        return db.prepare(readRowSql(true)).get(id);
      } catch (error) {
        if (!/no such table: agent_envs/.test(String(error))) throw error;
        this.withEnv = false;
      }
    }
    return db.prepare(readRowSql(false)).get(id);
  }
}
