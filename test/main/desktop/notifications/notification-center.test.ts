import { describe, expect, it, vi } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import { NotificationCenter } from '../../../../main/desktop/notifications/notification-center';
import { FakeNotificationApi } from '../fake-electron';
import { desktopStrings } from '../../../../main/desktop/desktop-strings';

function setup(platform = 'darwin') {
  const broker = new Broker();
  const api = new FakeNotificationApi();
  const flags = { notify: true, silent: false, language: 'en' };
  const openRequest = vi.fn();
  const center = new NotificationCenter({
    api,
    platform,
    shouldNotify: () => flags.notify,
    silent: () => flags.silent,
    openRequest,
    answer: (id, answer) => broker.answer(id, answer, 'ui'),
    strings: () => desktopStrings(flags.language),
  });
  broker.subscribe((event) => center.handle(event));
  return { broker, api, flags, openRequest, center };
}

describe('NotificationCenter', () => {
  it('shows one notification per new request, titled by the agent, with the question as body', () => {
    const { broker, api } = setup();
    broker.add({
      source: 'cueme',
      key: 'k1',
      agent: { id: 'agent-7', name: 'Claude in ~/shop' },
      prompt: '## Deploy?\n\nShip **v2.3** to production now?  ',
    });
    broker.update(broker.pending()[0]!.id, { title: undefined });
    expect(api.created).toHaveLength(1);
    expect(api.created[0]!.options.title).toBe('Claude in ~/shop (cueme)');
    expect(api.created[0]!.options.body).toBe('Deploy? Ship v2.3 to production now?');
    expect(api.created[0]!.shown).toBe(true);
  });

  it('trims a long question', () => {
    const { broker, api } = setup();
    broker.add({ source: 'clarity-file', key: 'long', prompt: 'word '.repeat(200) });
    const body = api.created[0]!.options.body;
    expect(body.length).toBeLessThanOrEqual(240);
    expect(body.endsWith('…')).toBe(true);
  });

  it('closes the notification when the request is resolved elsewhere and drops its reference', () => {
    const { broker, api, center } = setup();
    const a = broker.add({ source: 'clarity-file', key: 'a', prompt: 'A?' });
    const b = broker.add({ source: 'clarity-file', key: 'b', prompt: 'B?' });
    expect(center.openIds()).toEqual([a.id, b.id]);
    broker.answer(a.id, { text: 'from the terminal' }, 'cli');
    broker.expire(b.id);
    expect(api.created.map((n) => n.closed)).toEqual([true, true]);
    expect(center.openIds()).toEqual([]);
  });

  it('keeps references until the OS closes the notification', () => {
    const { broker, api, center } = setup();
    const a = broker.add({ source: 'clarity-file', key: 'a', prompt: 'A?' });
    expect(center.openIds()).toEqual([a.id]);
    api.created[0]!.emit('close');
    expect(center.openIds()).toEqual([]);
  });

  it('click opens that request', () => {
    const { broker, api, openRequest } = setup();
    const a = broker.add({ source: 'clarity-file', key: 'a', prompt: 'A?' });
    api.created[0]!.emit('click');
    expect(openRequest).toHaveBeenCalledWith(a.id);
  });

  it('Do not disturb (or notifications off) suppresses; sound off makes them silent', () => {
    const { broker, api, flags } = setup();
    flags.notify = false;
    broker.add({ source: 'clarity-file', key: 'quiet', prompt: 'shh' });
    expect(api.created).toHaveLength(0);
    flags.notify = true;
    flags.silent = true;
    broker.add({ source: 'clarity-file', key: 'loud', prompt: 'hi' });
    expect(api.created).toHaveLength(1);
    expect(api.created[0]!.options.silent).toBe(true);
  });

  it("buttons and the reply hint are in the operator's language", () => {
    const { broker, api, flags } = setup('darwin');
    flags.language = 'zh-CN';
    broker.add({ source: 'cueme', key: 'c', prompt: 'Ship?', input: { kind: 'confirm' } });
    broker.add({ source: 'cueme', key: 't', prompt: 'Name?' });
    expect(api.created[0]!.options.actions).toEqual([
      { type: 'button', text: '批准' },
      { type: 'button', text: '拒绝' },
    ]);
    expect(api.created[1]!.options.replyPlaceholder).toBe('输入你的回答');
  });

  it('confirm requests get Approve / Decline buttons that answer (macOS, Windows)', () => {
    const { broker, api } = setup('win32');
    const r = broker.add({
      source: 'tool-server-lite',
      key: 'c',
      prompt: 'Delete?',
      input: { kind: 'confirm', confirmLabel: 'Delete' },
    });
    expect(api.created[0]!.options.actions).toEqual([
      { type: 'button', text: 'Delete' },
      { type: 'button', text: 'Decline' },
    ]);
    api.created[0]!.emit('action', 1);
    expect(broker.get(r.id)?.answer?.value).toEqual({ kind: 'confirm', confirmed: false });
    expect(api.created[0]!.closed).toBe(true);
  });

  it('a confirm marked dangerous gets Decline only: it is confirmed on its card, after reading', () => {
    const { broker, api } = setup('darwin');
    const r = broker.add({
      source: 'clarity-http',
      key: 'wipe',
      prompt: 'Wipe the staging database?',
      input: { kind: 'confirm', danger: true, confirmLabel: 'Wipe', cancelLabel: 'Keep' },
    });
    expect(api.created[0]!.options.actions).toEqual([{ type: 'button', text: 'Keep' }]);
    api.created[0]!.emit('action', 0);
    expect(broker.get(r.id)?.answer?.value).toEqual({ kind: 'confirm', confirmed: false });
  });

  it('choice buttons pick the option; text requests take an inline reply', () => {
    const { broker, api } = setup('darwin');
    const c = broker.add({
      source: 'questfoundry',
      key: 'ch',
      prompt: 'Which?',
      input: {
        kind: 'choice',
        options: [
          { value: 'A', label: 'Alpha' },
          { value: 'B', label: 'Beta' },
        ],
      },
    });
    const t = broker.add({ source: 'clarity-file', key: 'tx', prompt: 'Name?' });
    expect(api.created[1]!.options.hasReply).toBe(true);
    api.created[0]!.emit('action', 1);
    api.created[1]!.emit('reply', 'Ada');
    expect(broker.get(c.id)?.answer?.value).toEqual({ kind: 'choice', selected: ['B'] });
    expect(broker.get(t.id)?.answer?.text).toBe('Ada');
  });

  it('has no buttons or reply on Linux, where Electron delivers neither', () => {
    const { broker, api } = setup('linux');
    broker.add({ source: 'clarity-file', key: 'c', prompt: 'ok?', input: { kind: 'confirm' } });
    expect(api.created[0]!.options.actions).toBeUndefined();
    expect(api.created[0]!.options.hasReply).toBeUndefined();
  });

  it('does nothing where the OS has no notifications', () => {
    const { broker, api } = setup();
    api.supported = false;
    broker.add({ source: 'clarity-file', key: 'x', prompt: 'x' });
    expect(api.created).toHaveLength(0);
  });
});
