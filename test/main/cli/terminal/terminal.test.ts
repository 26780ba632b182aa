import { describe, expect, it } from 'vitest';
import { colorEnabled, paint } from '../../../../main/cli/terminal/colors';
import { renderPromptBox } from '../../../../main/cli/terminal/prompt-box';
import { renderQuestionTable } from '../../../../main/cli/terminal/question-table';
import { cut, formatAge, sanitizeForTerminal } from '../../../../main/cli/terminal/text';

describe('terminal helpers', () => {
  it('renders the spec prompt box with the key in the title and every question line', () => {
    expect(
      renderPromptBox(
        'review-step-3',
        'Does this summary look correct?\n\n[summary text here]',
        paint(false),
      ),
    ).toBe(
      [
        '╔══ HITL request: review-step-3 ══╗',
        '│ Does this summary look correct?',
        '│',
        '│ [summary text here]',
        '╚═════════════════════════════════╝',
        '',
      ].join('\n'),
    );
  });

  it('neutralises escape sequences and control characters from agents', () => {
    expect(sanitizeForTerminal('a\u001b]0;pwned\u0007b\r\nc\td')).toBe(
      'a\uFFFD]0;pwned\uFFFDb\nc\td',
    );
    expect(renderPromptBox('k\u001b[2J', 'x', paint(false))).not.toContain('\u001b');
  });

  it('colour is on only for a TTY without NO_COLOR', () => {
    expect(colorEnabled({ isTTY: true }, {})).toBe(true);
    expect(colorEnabled({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled({ isTTY: false }, {})).toBe(false);
    expect(colorEnabled({}, {})).toBe(false);
    expect(paint(false).cyan('x')).toBe('x');
    expect(paint(true).cyan('x')).toBe('\u001b[36mx\u001b[39m');
  });

  it('formats ages as HH:MM:SS and cuts text with an ellipsis', () => {
    expect(formatAge(134_000)).toBe('00:02:14');
    expect(formatAge(3_600_000 * 101 + 1_000)).toBe('101:00:01');
    expect(formatAge(-5)).toBe('00:00:00');
    expect(cut('abcdef', 4)).toBe('abc…');
    expect(cut('abc', 4)).toBe('abc');
  });

  it('renders the list table with the first non-empty line of each question, fitting the width', () => {
    const table = renderQuestionTable(
      [
        {
          key: 'review-step-3',
          ageMs: 134_000,
          question: '\nDoes this summary look correct?\nmore',
        },
        { key: 'k'.repeat(50), ageMs: 0, question: 'q'.repeat(100) },
      ],
      100,
    );
    const lines = table.trimEnd().split('\n');
    expect(lines[2]).toBe(
      `review-step-3${' '.repeat(27)} 00:02:14 Does this summary look correct?`,
    );
    expect(lines[3]!.startsWith('k'.repeat(39) + '… 00:00:00 ')).toBe(true);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(100);
  });
});
