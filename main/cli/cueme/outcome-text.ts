import type { CueOutcome } from '../../adapters/cueme/wire';
import {
  answeredText,
  CUE_CANCELLED_TEXT,
  CUE_TIMEOUT_TEXT,
  NO_INPUT_TEXT,
  PAUSE_CANCELLED_TEXT,
  PAUSE_TIMEOUT_TEXT,
  RESUMED_TEXT,
} from './original-text';

/**
 * Exit codes of `cueme`, as the original's: every finished cue/pause is 0 (what happened is in
 * the text), a usage or envelope error is 2, a failure (no broker) is 1.
 */
export const EXIT = { answered: 0, error: 1, usage: 2 } as const;

/**
 * What a finished `cue`/`pause` prints on stdout, word for word as the original cueme 0.1.16:
 * - answered → "用户希望继续…" + the answer + the reminder (empty: "No user input received…" for
 *   cue, "The user resumed the conversation." for pause);
 * - cancelled (or a declined confirm) → "The user did not continue. Call pause(agent_id)…";
 * - expired → "Timed out waiting for user response…" (pause: "Tool call was cancelled…").
 */
export function outcomeText(outcome: CueOutcome, mode: 'cue' | 'pause'): string {
  switch (outcome.status) {
    case 'answered':
      if (outcome.text.trim()) return answeredText(outcome.text.trim());
      return mode === 'pause' ? RESUMED_TEXT : NO_INPUT_TEXT;
    case 'cancelled':
      return mode === 'pause' ? PAUSE_CANCELLED_TEXT : CUE_CANCELLED_TEXT;
    case 'expired':
      return mode === 'pause' ? PAUSE_TIMEOUT_TEXT : CUE_TIMEOUT_TEXT;
  }
}
