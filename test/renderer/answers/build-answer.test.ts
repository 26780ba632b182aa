import { describe, expect, it } from 'vitest';
import { formatAnswerText } from '@contract/answer-text';
import { AnswerInputSchema } from '@contract/request';
import {
  APPROVAL,
  choiceAnswer,
  confirmAnswer,
  fileAnswer,
  formAnswer,
  textAnswer,
  toggleSelection,
} from '../../../renderer/src/answers/build-answer';

describe('answers built by the inputs are valid AnswerInput', () => {
  it('text and the empty approval', () => {
    expect(textAnswer('  ')).toBeUndefined();
    expect(textAnswer('ship it')).toEqual({ text: 'ship it' });
    expect(AnswerInputSchema.parse(APPROVAL)).toEqual({ text: '' });
  });

  it('confirm: declining is an answer with confirmed false; the note is trimmed', () => {
    expect(confirmAnswer(false, '')).toEqual({ value: { kind: 'confirm', confirmed: false } });
    const yes = confirmAnswer(true, '  after lunch ');
    expect(yes).toEqual({ value: { kind: 'confirm', confirmed: true, note: 'after lunch' } });
    expect(formatAnswerText(yes.value!)).toBe('confirmed\n\nafter lunch');
  });

  it('choice: options and/or other, nothing when empty', () => {
    expect(choiceAnswer([], ' ')).toBeUndefined();
    expect(choiceAnswer([], 'my own')).toEqual({
      value: { kind: 'choice', selected: [], other: 'my own' },
    });
    expect(AnswerInputSchema.parse(choiceAnswer(['A'], ''))).toEqual({
      value: { kind: 'choice', selected: ['A'] },
    });
  });

  it('toggleSelection: single replaces, multiple toggles', () => {
    expect(toggleSelection(['A'], 'B', false)).toEqual(['B']);
    expect(toggleSelection(['A'], 'B', true)).toEqual(['A', 'B']);
    expect(toggleSelection(['A', 'B'], 'A', true)).toEqual(['B']);
  });

  it('form: keyed by label, empty fields left out, multiple fields are lists', () => {
    const fields = [
      { label: 'Version', kind: 'text', multiple: false },
      { label: 'Notes', kind: 'text', multiple: false },
      { label: 'Platforms', kind: 'text', options: ['linux', 'mac'], multiple: true },
    ];
    expect(formAnswer(fields, {})).toBeUndefined();
    const a = formAnswer(fields, { Version: '1.2', Notes: '  ', Platforms: ['mac'] });
    expect(a).toEqual({ value: { kind: 'form', values: { Version: '1.2', Platforms: ['mac'] } } });
    expect(AnswerInputSchema.safeParse(a).success).toBe(true);
  });

  it('file: the picked path', () => {
    expect(fileAnswer(undefined)).toBeUndefined();
    expect(fileAnswer('data/a.csv')).toEqual({ value: { kind: 'file', path: 'data/a.csv' } });
  });
});
