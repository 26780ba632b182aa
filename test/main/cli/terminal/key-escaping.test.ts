import { describe, expect, it } from 'vitest';
import { escapeControls } from '@contract/printable';
import { renderPromptBox } from '../../../../main/cli/terminal/prompt-box';
import { renderQuestionTable } from '../../../../main/cli/terminal/question-table';

const plain = { cyan: (s: string) => s, bold: (s: string) => s } as Parameters<
  typeof renderPromptBox
>[2];

describe('terminal escaping of keys', () => {
  it('shows a right-to-left override, escape sequences and other controls as visible escapes', () => {
    expect(escapeControls('invoice\u202Egnp.exe')).toBe('invoice\\u202egnp.exe');
    expect(escapeControls('a\u001b]0;pwned\u0007b')).toBe('a\\x1b]0;pwned\\x07b');
    expect(escapeControls('line\nbreak\rzero\u200bwidth\u2066iso\u0085')).toBe(
      'line\\nbreak\\rzero\\u200bwidth\\u2066iso\\x85',
    );
    expect(escapeControls('plain-ключ_键 ✓')).toBe('plain-ключ_键 ✓');
  });

  it('applies to the list table and the watch prompt box', () => {
    const table = renderQuestionTable([{ key: 'x\u202Eyz', ageMs: 0, question: 'q' }], 80);
    expect(table).toContain('x\\u202eyz');
    expect(table).not.toContain('\u202E');
    const box = renderPromptBox('k\u001b[2J', 'q', plain);
    expect(box).toContain('k\\x1b[2J');
    expect(box).not.toContain('\u001b');
  });
});
