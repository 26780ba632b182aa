import { describe, expect, it, vi } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import { TrayController } from '../../../../main/desktop/tray/tray-controller';
import { FakeTray } from '../fake-electron';

function setup(platform = 'darwin') {
  const broker = new Broker();
  const tray = new FakeTray();
  const settings: {
    doNotDisturb: boolean;
    startAtLogin: boolean;
    language: string;
    updateReady?: string;
  } = { doNotDisturb: false, startAtLogin: false, language: 'en' };
  const actions = {
    openInbox: vi.fn(),
    openRequest: vi.fn(),
    setDoNotDisturb: vi.fn((on: boolean) => (settings.doNotDisturb = on)),
    setStartAtLogin: vi.fn((on: boolean) => (settings.startAtLogin = on)),
    installUpdate: vi.fn(),
    quit: vi.fn(),
  };
  const onClick = vi.fn();
  const controller = new TrayController({
    tray,
    broker,
    deliveries: broker.deliveries,
    platform,
    state: () => settings,
    actions,
    onClick,
  });
  controller.start();
  return { broker, tray, actions, controller, onClick, settings };
}

const ask = (broker: Broker, key: string, prompt = `question ${key}`) =>
  broker.add({ source: 'clarity-file', key, prompt });

describe('TrayController', () => {
  it('follows the inbox: idle icon, then pending icon with the count as title', () => {
    const { broker, tray } = setup();
    expect(tray.image).toBe('idle');
    expect(tray.title).toBe('');
    const a = ask(broker, 'a');
    ask(broker, 'b');
    expect(tray.image).toBe('pending');
    expect(tray.title).toBe('2');
    expect(tray.tooltip).toContain('2 pending');
    broker.answer(a.id, { text: 'ok' });
    expect(tray.title).toBe('1');
    broker.cancel(broker.pending()[0]!.id);
    expect(tray.image).toBe('idle');
    expect(tray.title).toBe('');
  });

  it('counts an answer not yet delivered until it is, and says so in the tooltip', () => {
    const { broker, tray } = setup();
    broker.deliveries.expect('clarity-file');
    const a = broker.answer(ask(broker, 'a').id, { text: 'ok' });
    expect(tray.title).toBe('');
    broker.deliveries.report(a.id, { state: 'retrying', reason: 'ENOSPC: no space left' });
    expect(tray.image).toBe('pending');
    expect(tray.title).toBe('1');
    expect(tray.tooltip).toContain('1 answer not yet delivered');
    ask(broker, 'b');
    expect(tray.title).toBe('2');
    broker.deliveries.report(a.id, { state: 'delivered' });
    expect(tray.title).toBe('1');
    expect(tray.tooltip).not.toContain('delivered');
  });

  it('uses only the icon variant where the OS has no tray title (Windows)', () => {
    const { broker, tray } = setup('win32');
    ask(broker, 'a');
    expect(tray.image).toBe('pending');
    expect(tray.title).toBe('');
  });

  it('always has a full context menu: open, oldest requests, DND, start at login, quit', () => {
    const { broker, tray, actions } = setup('linux');
    expect(tray.menu.map((i) => i.id).filter(Boolean)).toEqual([
      'open-inbox',
      'none',
      'dnd',
      'start-at-login',
      'quit',
    ]);
    for (let i = 0; i < 7; i++) ask(broker, `k${i}`, `Deploy step ${i}?`);
    const requestItems = tray.menu.filter((i) => i.id?.startsWith('request:'));
    expect(requestItems.map((i) => i.label)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `k${i}: Deploy step ${i}?`),
    );
    expect(tray.menu.find((i) => i.id === 'more')?.label).toBe('2 more…');
    tray.clickItem(requestItems[0]!.id!);
    expect(actions.openRequest).toHaveBeenCalledWith(broker.pending()[0]!.id);
    tray.clickItem('quit');
    expect(actions.quit).toHaveBeenCalledOnce();
  });

  it('shows and toggles Do not disturb and Start at login as checkboxes', () => {
    const { tray, actions, controller } = setup();
    tray.clickItem('dnd');
    expect(actions.setDoNotDisturb).toHaveBeenCalledWith(true);
    controller.render();
    expect(tray.menu.find((i) => i.id === 'dnd')?.checked).toBe(true);
    tray.clickItem('start-at-login');
    expect(actions.setStartAtLogin).toHaveBeenCalledWith(true);
    controller.render();
    expect(tray.menu.find((i) => i.id === 'start-at-login')?.checked).toBe(true);
  });

  it('speaks Chinese when the language is zh-CN, and passes icon clicks on', () => {
    const { tray, controller, settings, onClick } = setup();
    settings.language = 'zh-CN';
    controller.render();
    expect(tray.menu[0]?.label).toBe('打开收件箱');
    tray.emit('click');
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('stops following the broker after stop()', () => {
    const { broker, tray, controller } = setup();
    controller.stop();
    ask(broker, 'late');
    expect(tray.image).toBe('idle');
  });

  it('a downloaded update: a menu item and a tooltip line say "restart to install"', () => {
    const { tray, controller, settings, actions, broker } = setup();
    expect(tray.menu.find((i) => i.id === 'install-update')).toBeUndefined();
    settings.updateReady = '1.4.0';
    ask(broker, 'a');
    controller.render();
    expect(tray.menu[1]).toMatchObject({
      id: 'install-update',
      label: 'Update 1.4.0 ready — restart to install',
    });
    expect(tray.tooltip).toBe('HITL Broker: 1 pending\nUpdate 1.4.0 ready — restart to install');
    tray.clickItem('install-update');
    expect(actions.installUpdate).toHaveBeenCalledOnce();
    settings.language = 'zh-CN';
    controller.render();
    expect(tray.menu[1]!.label).toBe('更新 1.4.0 已就绪 — 重启以安装');
  });
});
