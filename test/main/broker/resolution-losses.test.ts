import { describe, expect, it } from 'vitest';
import { Broker } from '../../../main/broker/broker';
import {
  lossesOf,
  lostAuditEntry,
  reportConflict,
  type LostResolution,
} from '../../../main/broker/resolution-losses';
import type { HitlRequest } from '@contract/request';

function setup() {
  const broker = new Broker({ instanceName: 'host-a' });
  const request = broker.add({ source: 'clarity-file', key: 'deploy', prompt: 'Deploy?' });
  const winner: HitlRequest = {
    ...request,
    status: 'answered',
    answer: { text: 'no, not on a Friday' },
    resolvedBy: 'ui',
    operator: 'bob',
    resolvedOn: 'host-b',
    resolvedAt: Date.now(),
  };
  const heard: Array<{ loss: LostResolution; at: number }> = [];
  lossesOf(broker).subscribe((loss, at) => void heard.push({ loss, at }));
  return { broker, request, winner, heard };
}

describe('resolution losses', () => {
  it('a losing answer file: an inbox item naming the file, the winner and both answers; one audit line', () => {
    const { broker, winner, heard } = setup();
    const origin = '/srv/hs/deploy.answer';
    lossesOf(broker).report({
      winner,
      lost: { text: 'yes', resolvedBy: 'cli', origin, then: 'answer file rewritten' },
    });
    expect(broker.unreadable.list()).toMatchObject([
      {
        source: 'clarity-file',
        origin,
        reason:
          'deploy.answer not used: deploy was already answered by bob on host-b ("no, not on a Friday"), its answer "yes" lost; answer file rewritten',
      },
    ]);
    expect(heard).toHaveLength(1);
    expect(lostAuditEntry(heard[0]!.loss, heard[0]!.at)).toMatchObject({
      event: 'answer-lost',
      id: winner.id,
      key: 'deploy',
      response: 'yes',
      resolvedBy: 'cli',
      origin,
      winner: { status: 'answered', response: 'no, not on a Friday', operator: 'bob' },
    });
  });

  it('an expiry made here without the store that the store found answered: logged, shown and audited', () => {
    const { broker, request, winner, heard } = setup();
    const expired = broker.expire(request.id, 'timeout');
    const warned: string[] = [];
    reportConflict(broker, expired, winner, (m) => void warned.push(m));
    expect(warned).toEqual([
      'shared store: request deploy was expired here but already answered by bob on host-b',
    ]);
    const [item] = broker.unreadable.list();
    expect(item?.reason).toBe(
      'deploy expired on host-a without the team store, not kept: deploy was already answered by bob on host-b ("no, not on a Friday"); its agent may have been told "expired"',
    );
    const line = lostAuditEntry(heard[0]!.loss, heard[0]!.at);
    expect(line).toMatchObject({ resolvedBy: 'timeout', origin: 'host-a' });
    expect(line).not.toHaveProperty('response');
  });
});
