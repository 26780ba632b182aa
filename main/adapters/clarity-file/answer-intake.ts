import type { Broker } from '../../broker/broker';
import { AlreadyResolvedError } from '../../broker/errors';
import type { AnswerRead } from './answer-file';
import type { InvalidFiles } from './invalid-files';

/**
 * Answers that arrive as `.answer` files written by someone else (a CLI, another broker, the
 * start-up scan): decides when such a file counts, answers the request, and remembers which
 * answers came from a file so the adapter does not write them back.
 */
export class AnswerIntake {
  private readonly fromFile = new Set<string>();

  constructor(
    private readonly broker: Broker,
    private readonly invalid: Pick<InvalidFiles, 'inGrace' | 'wait'>,
  ) {}

  /**
   * An empty answer file may be one whose writer has created it but not written yet (`echo yes >
   * x.answer`): it counts as an empty approval only once it stayed empty for the grace period.
   */
  usable(base: string, answer: AnswerRead): answer is AnswerRead & { ok: true } {
    if (!answer.ok) return false;
    if (!answer.empty || !this.invalid.inGrace(base)) return true;
    this.invalid.wait(base);
    return false;
  }

  /** Answers the request with the file's text if it is still pending (a lost race is fine). */
  answer(id: string, text: string, by: 'cli' | 'system'): void {
    if (this.broker.get(id)?.status !== 'pending') return;
    this.fromFile.add(id);
    try {
      this.broker.answer(id, { text }, by);
    } catch (error) {
      this.fromFile.delete(id);
      if (!(error instanceof AlreadyResolvedError)) throw error;
    }
  }

  /** True (once) when this request's answer came from a file, so there is nothing to write. */
  takeFromFile(id: string): boolean {
    return this.fromFile.delete(id);
  }
}
