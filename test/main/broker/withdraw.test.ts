import { describe, expect, it } from 'vitest';
import { Broker, type ResolutionGate } from '../../../main/broker/broker';
import { StoreUnreachableError } from '../../../main/broker/errors';
import { withdraw } from '../../../main/broker/withdraw';

const ask = (broker: Broker) => broker.add({ source: 'clarity-http', key: 'k', prompt: 'Go?' });

describe('withdraw (an agent or source gave a request up)', () => {
  it('solo: the request leaves at once, cancelled or expired', () => {
    const broker = new Broker();
    const a = ask(broker);
    void withdraw(broker, a.id, { status: 'cancelled', by: 'agent', reason: 'hung up' });
    expect(broker.get(a.id)).toMatchObject({ status: 'cancelled', cancelReason: 'hung up' });
    const b = broker.add({ source: 'clarity-file', key: 'f', prompt: 'File?' });
    void withdraw(broker, b.id, { status: 'expired', by: 'agent' });
    expect(broker.get(b.id)).toMatchObject({ status: 'expired', resolvedBy: 'agent' });
    broker.close();
  });

  it('team mode: an answer the store already holds wins over the withdrawal', async () => {
    const broker = new Broker();
    const a = ask(broker);
    const gate: ResolutionGate = {
      claim: async (proposed) => ({
        won: false,
        winner: {
          ...proposed,
          status: 'answered',
          answer: { text: 'from B' },
          resolvedBy: 'ui',
          operator: 'bob',
        },
      }),
    };
    broker.useGate(gate);
    await withdraw(broker, a.id, { status: 'cancelled', by: 'agent', reason: 'hung up' });
    expect(broker.get(a.id)).toMatchObject({
      status: 'answered',
      answer: { text: 'from B' },
      operator: 'bob',
    });
    broker.close();
  });

  it('team mode with the store unreachable: never hangs; pending until the store decides the withdrawal', async () => {
    const broker = new Broker();
    const a = ask(broker);
    let claims = 0;
    broker.useGate({
      claim: async (proposed) => {
        claims += 1;
        if (claims < 3) throw new StoreUnreachableError(proposed.key);
        return { won: true, winner: proposed };
      },
    });
    await withdraw(broker, a.id, { status: 'expired', by: 'agent' }, 5);
    expect(broker.get(a.id)?.status).toBe('pending');
    await broker.waitForResolution(a.id);
    expect(broker.get(a.id)).toMatchObject({ status: 'expired', resolvedBy: 'agent' });
    expect(claims).toBe(3);
    broker.close();
  });

  it('team mode, any other failure of the gate: the request still leaves here', async () => {
    const broker = new Broker();
    const a = ask(broker);
    broker.useGate({ claim: () => Promise.reject(new Error('a bug')) });
    await withdraw(broker, a.id, { status: 'cancelled', by: 'agent' });
    expect(broker.get(a.id)?.status).toBe('cancelled');
    broker.close();
  });
});
