import { describe, expect, it } from 'vitest';
import { AnswerIntake } from '../../../../main/adapters/clarity-file/answer-intake';
import { Broker } from '../../../../main/broker/broker';

function setup(inGrace = false) {
  const broker = new Broker();
  const waited: string[] = [];
  const intake = new AnswerIntake(broker, {
    inGrace: () => inGrace,
    wait: (b) => void waited.push(b),
  });
  return { broker, intake, waited };
}

describe('AnswerIntake', () => {
  it('answers a pending request once and remembers that the answer came from a file', () => {
    const { broker, intake } = setup();
    const r = broker.add({ source: 'clarity-file', key: 'k', prompt: 'q' });
    intake.answer(r.id, 'yes', 'cli');
    expect(broker.get(r.id)).toMatchObject({
      status: 'answered',
      answer: { text: 'yes' },
      resolvedBy: 'cli',
    });
    expect(intake.takeFromFile(r.id)).toBe(true);
    expect(intake.takeFromFile(r.id)).toBe(false);
    intake.answer(r.id, 'again', 'cli'); // already resolved: ignored, no throw
    expect(broker.get(r.id)?.answer?.text).toBe('yes');
  });

  it('an empty answer file waits out the grace period before it counts', () => {
    const inGrace = setup(true);
    expect(inGrace.intake.usable('b', { ok: true, text: '', empty: true } as never)).toBe(false);
    expect(inGrace.waited).toEqual(['b']);
    const after = setup(false);
    expect(after.intake.usable('b', { ok: true, text: '', empty: true } as never)).toBe(true);
    expect(after.intake.usable('b', { ok: false, missing: true } as never)).toBe(false);
  });
});
