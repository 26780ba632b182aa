import type { UnreadableBoard } from '../../broker/unreadable-board';
import { MailboxCueSchema, type MailboxCue, type MailboxProblem } from './worker-messages';

/**
 * The mailbox's rows that cannot be shown or answered, as "could not read" items of the inbox:
 * one item per row, listed while the row is unanswered; a bad row never hides the others.
 */
export class MailboxProblems {
  private shown = new Set<string>();

  constructor(
    private readonly board: UnreadableBoard,
    private readonly dbPath: string,
  ) {}

  /**
   * Checks each cue of a `pending` message on its own; lists the rows the worker or the check
   * found bad (and takes away the items of rows no longer unanswered). Returns the good cues.
   */
  sort(message: { cues: unknown[]; problems: MailboxProblem[] }): MailboxCue[] {
    const good: MailboxCue[] = [];
    const now = new Set<string>();
    for (const problem of message.problems)
      now.add(this.show(`cue_requests row ${problem.rowId}`, problem));
    message.cues.forEach((raw, index) => {
      const parsed = MailboxCueSchema.safeParse(raw);
      if (parsed.success) return void good.push(parsed.data);
      const issue = parsed.error.issues[0];
      const requestId = String((raw as { requestId?: unknown } | null)?.requestId ?? '');
      const field = issue?.path.join('.') || 'cue';
      const problem = { rowId: -1, requestId: requestId.slice(0, 80), field, reason: '' };
      problem.reason = `its ${field} is not readable: ${issue?.message ?? 'invalid'}`;
      now.add(this.show(`cue #${index}`, problem));
    });
    for (const id of this.shown) if (!now.has(id)) this.board.clear(id);
    this.shown = now;
    return good;
  }

  /** Takes every item away (the mailbox is no longer served). */
  clear(): void {
    for (const id of this.shown) this.board.clear(id);
    this.shown.clear();
  }

  private show(which: string, problem: MailboxProblem): string {
    const id = `mailbox:${this.dbPath}#${which}`;
    const named = problem.requestId ? ` (request_id ${problem.requestId})` : '';
    this.board.report({
      id,
      source: 'cueme',
      origin: `${this.dbPath}, ${which}${named}`,
      field: problem.field,
      reason: `This cue cannot be shown or answered here: ${problem.reason}.`,
    });
    return id;
  }
}
