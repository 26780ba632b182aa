import { describe, expect, it } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import { NotificationCenter } from '../../../../main/desktop/notifications/notification-center';
import { notifiesUnder } from '../../../../main/desktop/notifications/notify-policy';
import { defaultDesktopSettings } from '@contract/desktop-settings';
import type { InputSpec } from '@contract/request';
import { FakeNotificationApi } from '../fake-electron';

/** A broker whose new requests go to a NotificationCenter ruled by `settings` (as the app's). */
function setup() {
  const broker = new Broker();
  const api = new FakeNotificationApi();
  const settings = defaultDesktopSettings();
  const center = new NotificationCenter({
    api,
    platform: 'linux',
    shouldNotify: notifiesUnder(() => settings),
    silent: () => false,
    openRequest: () => undefined,
    answer: () => undefined,
  });
  broker.subscribe((event) => center.handle(event));
  let n = 0;
  const add = (title: string, input: InputSpec) =>
    broker.add({ source: 'claude-code', key: `k${(n += 1)}`, title, prompt: title, input });
  const arrivals = () => {
    const shown = api.created.map((c) => c.options.body);
    api.created.length = 0;
    return shown;
  };
  /** One of each: a question, an approval, a finished, a failed and a waiting session. */
  const addOneOfEach = () => {
    add('Deploy?', { kind: 'confirm' });
    add('Bash: npm test', { kind: 'approval', tool: 'Bash', rule: {}, scopes: [] } as never);
    add('Finished: all green', { kind: 'notice', session: 'finished' });
    add('Failed: rate limited', { kind: 'notice', session: 'failed' });
    add('Claude is waiting for your input', { kind: 'notice' });
  };
  return { settings, arrivals, addOneOfEach };
}

describe('desktop notifications follow "which events notify"', () => {
  it('by default every event notifies: questions, approvals, finished, failed, waiting', () => {
    const { arrivals, addOneOfEach } = setup();
    addOneOfEach();
    expect(arrivals()).toEqual([
      'Deploy?',
      'Bash: npm test',
      'Finished: all green',
      'Failed: rate limited',
      'Claude is waiting for your input',
    ]);
  });

  it('each event turned off stays quiet; questions and approvals notify whatever is chosen', () => {
    const { settings, arrivals, addOneOfEach } = setup();
    settings.notifyEvents = { finished: false, failed: true, waiting: false };
    addOneOfEach();
    expect(arrivals()).toEqual(['Deploy?', 'Bash: npm test', 'Failed: rate limited']);
    settings.notifyEvents = { finished: true, failed: false, waiting: true };
    addOneOfEach();
    expect(arrivals()).toEqual([
      'Deploy?',
      'Bash: npm test',
      'Finished: all green',
      'Claude is waiting for your input',
    ]);
    settings.notifyEvents = { finished: false, failed: false, waiting: false };
    addOneOfEach();
    expect(arrivals()).toEqual(['Deploy?', 'Bash: npm test']);
  });

  it('notifications off or Do not disturb silence every event, questions included', () => {
    const { settings, arrivals, addOneOfEach } = setup();
    settings.doNotDisturb = true;
    addOneOfEach();
    expect(arrivals()).toEqual([]);
    settings.doNotDisturb = false;
    settings.notifications = false;
    addOneOfEach();
    expect(arrivals()).toEqual([]);
  });
});
