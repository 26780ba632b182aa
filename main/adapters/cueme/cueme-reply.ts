import type { HitlRequest } from '@contract/request';
/** What goes back to a waiting cueme: an answer text, or a cancel. */
export type CuemeReply =
  { op: 'answer'; requestId: string; text: string } | { op: 'cancel'; requestId: string };

/**
 * What a waiting cueme gets for a request the operator resolved, in the shape the original cue
 * console writes into its mailbox (cueme then prints it as it always does):
 * - text / pause: the typed text (an empty pause answer makes cueme print that the user resumed);
 * - confirm: the confirm label (default `Confirm`), the note on the next lines; declining writes a
 *   cancelled response, as the console's cancel button does;
 * - choice: the picked options, one per line (other text last);
 * - form: one `Label: value` line per filled field, several values sorted and joined by `, `;
 * - cancelled by the operator: a cancelled response.
 */
export function cuemeReply(request: HitlRequest): CuemeReply {
  const requestId = request.key;
  if (request.status !== 'answered' || !request.answer) return { op: 'cancel', requestId };
  const { text, value } = request.answer;
  const payload = request.meta?.payload as { confirm_label?: unknown } | null | undefined;
  switch (value?.kind) {
    case 'confirm': {
      if (!value.confirmed) return { op: 'cancel', requestId };
      const label =
        typeof payload?.confirm_label === 'string' && payload.confirm_label.trim()
          ? payload.confirm_label
          : 'Confirm';
      const note = value.note?.trim();
      return { op: 'answer', requestId, text: note ? `${label}\n\n${note}` : label };
    }
    case 'choice': {
      const lines = [...value.selected, ...(value.other?.trim() ? [value.other.trim()] : [])];
      return { op: 'answer', requestId, text: lines.join('\n') };
    }
    case 'form': {
      const fields = request.input.kind === 'form' ? request.input.fields.map((f) => f.label) : [];
      const keys = [...fields, ...Object.keys(value.values).filter((k) => !fields.includes(k))];
      const lines = keys.flatMap((key) => {
        const v = value.values[key];
        const shown = Array.isArray(v) ? [...v].sort().join(', ') : (v ?? '').trim();
        return shown ? [`${key}: ${shown}`] : [];
      });
      return { op: 'answer', requestId, text: lines.join('\n') };
    }
    default:
      return { op: 'answer', requestId, text };
  }
}
