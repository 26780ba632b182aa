import { describe, expect, it } from 'vitest';
import { formatAnswerText } from '@contract/answer-text';

describe('formatAnswerText', () => {
  it('text is itself', () => {
    expect(formatAnswerText({ kind: 'text', text: 'hello\nworld' })).toBe('hello\nworld');
  });

  it('confirm is confirmed/declined, with the trimmed note after a blank line', () => {
    expect(formatAnswerText({ kind: 'confirm', confirmed: true })).toBe('confirmed');
    expect(formatAnswerText({ kind: 'confirm', confirmed: false, note: '  too risky ' })).toBe(
      'declined\n\ntoo risky',
    );
    expect(formatAnswerText({ kind: 'confirm', confirmed: true, note: '   ' })).toBe('confirmed');
  });

  it('choice joins values with ", " and puts other text on its own line', () => {
    expect(formatAnswerText({ kind: 'choice', selected: ['A', 'C'] })).toBe('A, C');
    expect(formatAnswerText({ kind: 'choice', selected: ['A'], other: ' also B ' })).toBe(
      'A\nalso B',
    );
    expect(formatAnswerText({ kind: 'choice', selected: [], other: 'none' })).toBe('none');
  });

  it('form writes Label: value lines in the field order, then unknown keys', () => {
    const input = {
      kind: 'form' as const,
      fields: [
        { label: 'Name', kind: 'text', multiple: false },
        { label: 'Tags', kind: 'text', multiple: true },
      ],
    };
    expect(
      formatAnswerText(
        { kind: 'form', values: { Extra: 'x', Tags: ['a', 'b'], Name: 'Ann' } },
        input,
      ),
    ).toBe('Name: Ann\nTags: a, b\nExtra: x');
    expect(formatAnswerText({ kind: 'form', values: { Tags: 'a' } }, input)).toBe('Tags: a');
  });

  it('file is the path', () => {
    expect(formatAnswerText({ kind: 'file', path: '/w/data.csv' })).toBe('/w/data.csv');
  });
});
