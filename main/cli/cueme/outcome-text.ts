import type { CueOutcome } from '../../adapters/cueme/wire';

/** Exit codes of `cueme cue` / `cueme pause` (documented in the README protocols section). */
export const EXIT = { answered: 0, error: 1, usage: 2, expired: 3, cancelled: 4 } as const;

/** Printed instead of an empty answer, so the agent sees the operator did reply. */
export const EMPTY_ANSWER = '(the user replied with an empty message)';

/**
 * What a finished `cue`/`pause` prints on stdout and exits with:
 * - answered  → the answer's plain text (main/broker/answer-text.ts formats), exit 0;
 * - expired   → "No answer within N s …; ask again with `cueme cue <id> -`", exit 3;
 * - cancelled → "The user cancelled this request … ask again …", exit 4.
 */
export function outcomeText(
  outcome: CueOutcome,
  agentId: string,
  mode: 'cue' | 'pause',
): { text: string; exitCode: number } {
  const again = mode === 'pause' ? `cueme pause ${agentId}` : `cueme cue ${agentId} -`;
  switch (outcome.status) {
    case 'answered':
      return { text: outcome.text.trim() ? outcome.text : EMPTY_ANSWER, exitCode: EXIT.answered };
    case 'expired': {
      const within = outcome.timeout_sec ? ` within ${outcome.timeout_sec} s` : '';
      return {
        text: `No answer${within}: the request expired and nothing was decided. Ask again with \`${again}\`.`,
        exitCode: EXIT.expired,
      };
    }
    case 'cancelled': {
      const reason = outcome.reason ? ` (${outcome.reason})` : '';
      return {
        text: `The user cancelled this request${reason}; nothing was decided. Ask again with \`${again}\` when you need an answer.`,
        exitCode: EXIT.cancelled,
      };
    }
  }
}
