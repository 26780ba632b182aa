import { describe, expect, it } from 'vitest';
import { normaliseAnswer } from '../../../main/broker/answer-normalise';
import { InvalidInputError } from '../../../main/broker/errors';
import type { HitlRequest, InputSpec } from '@contract/request';

const requestWanting = (input: InputSpec): HitlRequest => ({
  id: 'r1',
  source: 'cueme',
  key: 'k1',
  prompt: 'Which?',
  input,
  createdAt: 0,
  status: 'pending',
});

const choice = requestWanting({
  kind: 'choice',
  multiple: false,
  options: [
    { value: 'A', label: 'Alpha' },
    { value: 'B', label: 'Beta' },
  ],
});

describe('normaliseAnswer', () => {
  it('derives the plain text from a structured value and keeps the value', () => {
    expect(normaliseAnswer(choice, { value: { kind: 'choice', selected: ['B'] } })).toEqual({
      text: 'B',
      value: { kind: 'choice', selected: ['B'] },
    });
  });

  it('keeps text the operator typed as the text form', () => {
    expect(normaliseAnswer(choice, { text: 'neither, use C' })).toEqual({ text: 'neither, use C' });
  });

  it('rejects a value of another kind, unknown options and two picks for a single choice', () => {
    expect(() => normaliseAnswer(choice, { value: { kind: 'confirm', confirmed: true } })).toThrow(
      /value.kind is confirm/,
    );
    expect(() => normaliseAnswer(choice, { value: { kind: 'choice', selected: ['Z'] } })).toThrow(
      /unknown option Z/,
    );
    expect(() =>
      normaliseAnswer(choice, { value: { kind: 'choice', selected: ['A', 'B'] } }),
    ).toThrow(InvalidInputError);
  });

  it('accepts a free-text value for any kind of request', () => {
    const confirm = requestWanting({ kind: 'confirm' });
    expect(normaliseAnswer(confirm, { value: { kind: 'text', text: 'later' } }).text).toBe('later');
  });
});
