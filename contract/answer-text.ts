import { approvalText } from './approval';
import type { AnswerValue, InputSpec } from './request';

/**
 * The plain-text form of a structured answer, as text protocols (Clarity, cueme, Tool Server
 * Lite, MCP) receive it (docs/protocols.md, "Answer text"):
 * - text: the text itself
 * - confirm: `confirmed` or `declined`, then a blank line and the note when one was typed
 * - choice: the picked option values joined by `, `; free "other" text on its own line after them
 * - form: one `Label: value` line per field (multiple values joined by `, `)
 * - file: the picked path
 * - approval: `allow`, `always allow (<scope>)` or `deny: <reason>`
 */
export function formatAnswerText(value: AnswerValue, input?: InputSpec): string {
  switch (value.kind) {
    case 'text':
      return value.text;
    case 'confirm': {
      const word = value.confirmed ? 'confirmed' : 'declined';
      return value.note?.trim() ? `${word}\n\n${value.note.trim()}` : word;
    }
    case 'choice': {
      const picked = value.selected.join(', ');
      const other = value.other?.trim() ?? '';
      if (picked && other) return `${picked}\n${other}`;
      return picked || other;
    }
    case 'form': {
      const labels =
        input?.kind === 'form' ? input.fields.map((f) => f.label) : Object.keys(value.values);
      const keys = [...labels, ...Object.keys(value.values).filter((k) => !labels.includes(k))];
      return keys
        .filter((k) => value.values[k] !== undefined)
        .map((k) => {
          const v = value.values[k]!;
          return `${k}: ${Array.isArray(v) ? v.join(', ') : v}`;
        })
        .join('\n');
    }
    case 'file':
      return value.path;
    case 'approval':
      return approvalText(value);
  }
}
