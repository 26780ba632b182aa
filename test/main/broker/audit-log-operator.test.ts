import { describe, expect, it } from 'vitest';
import { auditEntryFor } from '../../../main/broker/audit-log';
import { Broker, type BrokerEvent } from '../../../main/broker/broker';

describe('audit log: who answered', () => {
  it('records the operator and the instance of a named answer', async () => {
    const broker = new Broker({ instanceName: 'host-b' });
    const events: BrokerEvent[] = [];
    broker.subscribe((event) => events.push(event));
    const request = broker.add({ source: 'clarity-http', key: 'k', prompt: 'Go?' });
    await broker.answerShared(request.id, { text: 'yes' }, 'ui', { operator: 'alice' });
    const entry = auditEntryFor(events.at(-1)!);
    expect(entry).toMatchObject({ event: 'answered', operator: 'alice', resolvedOn: 'host-b' });
    expect(() => broker.answer(request.id, { text: 'no' })).toThrow(
      'already answered by alice on host-b',
    );
  });

  it('leaves both out on a single broker answered without a name', () => {
    const broker = new Broker();
    const events: BrokerEvent[] = [];
    broker.subscribe((event) => events.push(event));
    const request = broker.add({ source: 'clarity-http', key: 'k', prompt: 'Go?' });
    broker.answer(request.id, { text: 'yes' });
    const entry = auditEntryFor(events.at(-1)!)!;
    expect(entry.operator).toBeUndefined();
    expect(entry.resolvedOn).toBeUndefined();
  });
});
