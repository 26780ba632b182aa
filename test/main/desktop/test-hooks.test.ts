import { afterEach, describe, expect, it } from 'vitest';
import { installTestHooks, type TestHooks } from '../../../main/desktop/test-hooks';
import { FakeNotificationApi, FakeTray } from './fake-electron';

const hooks = () => (globalThis as { __hitlTest?: TestHooks }).__hitlTest;
afterEach(() => delete (globalThis as { __hitlTest?: TestHooks }).__hitlTest);

describe('installTestHooks', () => {
  it('off: the real tray and notifications are handed through untouched, no global', () => {
    const parts = { createTray: () => new FakeTray(), notifications: new FakeNotificationApi() };
    expect(installTestHooks(false, parts)).toBe(parts);
    expect(hooks()).toBeUndefined();
  });

  it('on: records what the app shows and fires the listeners a real click fires', () => {
    const tray = new FakeTray();
    const api = new FakeNotificationApi();
    const wrapped = installTestHooks(true, { createTray: () => tray, notifications: api });
    const t = wrapped.createTray();
    let trayClicks = 0;
    let menuClicks = 0;
    t.on('click', () => trayClicks++);
    t.setTitle('2');
    t.setToolTip('HITL Broker: 2 pending');
    t.setContextMenu([{ id: 'quit', label: 'Quit', click: () => menuClicks++ }]);
    expect(tray.title).toBe('2');
    expect(hooks()!.tray()).toMatchObject({
      title: '2',
      tooltip: 'HITL Broker: 2 pending',
      menu: [{ id: 'quit', label: 'Quit' }],
    });
    hooks()!.clickTray();
    hooks()!.clickMenuItem('quit');
    expect([trayClicks, menuClicks]).toEqual([1, 1]);
    expect(() => hooks()!.clickMenuItem('nope')).toThrow(/nope/);

    const n = wrapped.notifications.create({ title: 'Claude', body: 'Merge?' });
    let clicked = 0;
    n.on('click', () => clicked++);
    n.show();
    hooks()!.clickNotification(0);
    expect(clicked).toBe(1);
    expect(api.created[0]!.shown).toBe(true);
    n.close();
    expect(hooks()!.notifications()).toEqual([
      { title: 'Claude', body: 'Merge?', shown: true, closed: true },
    ]);
  });
});
