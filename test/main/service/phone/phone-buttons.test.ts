import { describe, expect, it } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import { answerOf, phoneButtons } from '../../../../main/service/phone/phone-buttons';

const broker = new Broker();

function ask(questions: Array<{ question: string; multiSelect?: boolean; labels: string[] }>) {
  return broker.add({
    source: 'claude-code',
    key: `ask-${Math.random()}`,
    prompt: 'Claude asks',
    input: {
      kind: 'approval',
      tool: 'AskUserQuestion',
      questions: questions.map((q) => ({
        question: q.question,
        header: '',
        multiSelect: q.multiSelect ?? false,
        options: q.labels.map((label) => ({ label, description: '' })),
      })),
    },
  });
}

describe('phone buttons', () => {
  it("AskUserQuestion's one single-select question: its first three options, answered as an allow with answers", () => {
    const request = ask([
      { question: 'Which DB?', labels: ['Postgres', 'SQLite', 'MySQL', 'Mongo'] },
    ]);
    expect(phoneButtons(request)).toEqual([
      { label: 'Postgres', decision: 'option:0' },
      { label: 'SQLite', decision: 'option:1' },
      { label: 'MySQL', decision: 'option:2' },
    ]);
    expect(answerOf(request, 'option:1')).toEqual({
      value: {
        kind: 'approval',
        decision: 'allow',
        answers: { 'Which DB?': { selected: ['SQLite'] } },
      },
    });
    // Not offered on the phone: a fourth option, a plain allow (no answers), always.
    expect(answerOf(request, 'option:3')).toBeUndefined();
    expect(answerOf(request, 'allow')).toBeUndefined();
  });

  it('no buttons for a multi-select or several questions (they need the inbox)', () => {
    expect(phoneButtons(ask([{ question: 'Q', multiSelect: true, labels: ['a', 'b'] }]))).toEqual(
      [],
    );
    expect(
      phoneButtons(
        ask([
          { question: 'Q1', labels: ['a', 'b'] },
          { question: 'Q2', labels: ['c', 'd'] },
        ]),
      ),
    ).toEqual([]);
  });

  it('an approval: Allow once / Deny, never always', () => {
    const request = broker.add({
      source: 'claude-code',
      key: 'bash',
      prompt: 'Run?',
      input: { kind: 'approval', tool: 'Bash', command: 'ls' },
    });
    expect(phoneButtons(request).map((b) => b.label)).toEqual(['Allow once', 'Deny']);
    expect(answerOf(request, 'deny')).toEqual({ value: { kind: 'approval', decision: 'deny' } });
    expect(answerOf(request, 'yes')).toBeUndefined();
  });
});
