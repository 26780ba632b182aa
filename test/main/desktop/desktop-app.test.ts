import { existsSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DesktopApp, type DesktopAppDeps } from '../../../main/desktop/desktop-app';
import type { AppApi, LoginItemApi } from '../../../main/desktop/electron-api';
import { createSenderCheck } from '../../../main/desktop/ipc/sender-check';
import { startBrokerService } from '../../../main/service/broker-service';
import {
  FakeIpcMain,
  FakeNotificationApi,
  FakeScreen,
  FakeTray,
  FakeWindow,
  display,
} from './fake-electron';
import { waitFor } from '../../support/wait-for';

// electron-store imports `electron` at load; outside Electron an empty stand-in is enough.
vi.mock('electron', () => ({ default: {} }));
const { default: ElectronStore } = await import('electron-store');

const INDEX = '/app/out/renderer/index.html';
const OURS = pathToFileURL(INDEX).href;

class FakeApp implements AppApi {
  locked = false;
  quits = 0;
  private secondInstance: (() => void) | undefined;
  constructor(private readonly lockHeldElsewhere = false) {}
  requestSingleInstanceLock(): boolean {
    this.locked = !this.lockHeldElsewhere;
    return this.locked;
  }
  onSecondInstance(listener: () => void): void {
    this.secondInstance = listener;
  }
  quit(): void {
    this.quits++;
  }
  locale = 'en-US';
  getLocale(): string {
    return this.locale;
  }
  launchSecond(): void {
    this.secondInstance?.();
  }
}

class FakeLoginItems implements LoginItemApi {
  open = false;
  sets: boolean[] = [];
  getOpenAtLogin(): boolean {
    return this.open;
  }
  setOpenAtLogin(open: boolean): void {
    this.open = open;
    this.sets.push(open);
  }
}

let stateDir: string;
let handshakeDir: string;
const apps: DesktopApp[] = [];
const cleanupMoved: string[] = [];
beforeEach(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'hitl-desktop-state-'));
  handshakeDir = await mkdtemp(join(tmpdir(), 'hitl-desktop-dir-'));
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.shutdown();
  await rm(stateDir, { recursive: true, force: true });
  await rm(handshakeDir, { recursive: true, force: true });
  for (const dir of cleanupMoved.splice(0)) await rm(dir, { recursive: true, force: true });
});

function build(
  options: {
    lockHeldElsewhere?: boolean;
    port?: number;
    platform?: NodeJS.Platform;
    launch?: DesktopAppDeps['launch'];
    safeStorage?: DesktopAppDeps['safeStorage'];
  } = {},
) {
  const started: { port?: number; token?: string }[] = [];
  const app = new FakeApp(options.lockHeldElsewhere);
  const tray = new FakeTray();
  const notifications = new FakeNotificationApi();
  const ipc = new FakeIpcMain();
  const loginItems = new FakeLoginItems();
  const mainWindows: FakeWindow[] = [];
  const popoverWindows: FakeWindow[] = [];
  const opened: string[] = [];
  const deps: DesktopAppDeps = {
    app,
    platform: options.platform ?? 'linux',
    stateDir,
    ipc,
    isTrustedSender: createSenderCheck({ indexFile: INDEX }),
    screen: new FakeScreen([display(0, 0, 1920, 1080, 32)]),
    notifications,
    loginItems,
    createTray: () => tray,
    createMainWindow: () => {
      const w = new FakeWindow();
      mainWindows.push(w);
      return w;
    },
    createPopoverWindow: () => {
      const w = new FakeWindow();
      popoverWindows.push(w);
      return w;
    },
    openExternal: (url) => opened.push(url),
    createSettingsBackend: (o) => new ElectronStore(o) as never,
    startService: (o) => {
      started.push({ port: o.port, token: o.token });
      return startBrokerService({
        ...o,
        port: o.port === 0 ? 0 : (options.port ?? 0),
        rendererDir: null,
      });
    },
    extraDirs: [handshakeDir],
    launch: options.launch,
    ...(options.safeStorage ? { safeStorage: options.safeStorage } : {}),
  };
  const desktop = new DesktopApp(deps);
  apps.push(desktop);
  return {
    desktop,
    app,
    tray,
    notifications,
    ipc,
    loginItems,
    mainWindows,
    popoverWindows,
    opened,
    started,
  };
}

describe('DesktopApp', () => {
  it('a port and token given at launch (npm start -- --port 7900) win over the settings for this run only', async () => {
    const { desktop, started } = build({ launch: { port: 7900, token: 'launch-token-1' } });
    expect(await desktop.start()).toBe(true);
    expect(started[0]).toEqual({ port: 7900, token: 'launch-token-1' });
    // The saved settings keep their own values: the flags are not written back.
    expect(desktop.settings!.get().port).toBe(7842);
    expect(desktop.settings!.get().token).toBe('');
  });

  it('without launch flags the saved port is used', async () => {
    const { desktop, started } = build();
    expect(await desktop.start()).toBe(true);
    expect(started[0]?.port).toBe(7842);
  });

  it('a second launch quits at once; the first focuses its main window', async () => {
    const second = build({ lockHeldElsewhere: true });
    expect(await second.desktop.start()).toBe(false);
    expect(second.app.quits).toBe(1);
    expect(second.desktop.service).toBeUndefined();

    const first = build();
    expect(await first.desktop.start()).toBe(true);
    first.app.launchSecond();
    expect(first.mainWindows).toHaveLength(1);
    expect(first.mainWindows[0]!.visible).toBe(true);
    first.mainWindows[0]!.minimized = true;
    first.app.launchSecond();
    expect(first.mainWindows).toHaveLength(1);
    expect(first.mainWindows[0]!.minimized).toBe(false);
    expect(first.mainWindows[0]!.focused).toBe(2);
  });

  it('the popover’s page is served with the first pending request in each order and the settings, from the IPC handlers', async () => {
    const { desktop } = build();
    // Before start there are no IPC handlers: the page is served as built (it asks over IPC).
    expect(await desktop.popoverPageData()).toBeUndefined();
    await desktop.start();
    await writeFile(
      join(handshakeDir, 'first.question'),
      JSON.stringify({ key: 'first', question: 'Ship it?' }),
    );
    await waitFor(() => desktop.service!.broker.pending().length === 1, 'the request');
    const id = desktop.service!.broker.pending()[0]!.id;
    const data = await desktop.popoverPageData();
    for (const order of ['urgent', 'oldest', 'newest'] as const)
      expect(data?.first[order]).toMatchObject({
        ok: true,
        value: { requests: [{ id, prompt: 'Ship it?' }] },
      });
    expect(data?.settings).toEqual({ ok: true, value: desktop.settings!.get() });
  });

  it('a .question file reaches tray, notification and windows; an answer over IPC writes the .answer', async () => {
    const { desktop, tray, notifications, ipc, popoverWindows } = build();
    await desktop.start();
    expect(tray.image).toBe('idle');
    await writeFile(
      join(handshakeDir, 'review_1.question'),
      JSON.stringify({ key: 'review 1', question: 'Merge PR #42?' }),
    );
    await waitFor(() => tray.title === '1', 'tray count');
    expect(tray.image).toBe('pending');
    expect(notifications.created.map((n) => n.options.body)).toEqual(['Merge PR #42?']);

    notifications.created[0]!.emit('click');
    expect(popoverWindows[0]!.visible).toBe(true);
    const id = desktop.service!.broker.pending()[0]!.id;
    expect(
      popoverWindows[0]!.sent.find((s) => s.channel === 'popover:show-request')?.payload,
    ).toEqual({ id });

    const result = await ipc.invoke(
      'inbox:answer',
      { id, input: { text: 'yes, merge' } },
      `${OURS}#popover`,
    );
    expect(result).toMatchObject({ ok: true });
    await waitFor(() => tray.title === '', 'tray cleared');
    await waitFor(() => existsSync(join(handshakeDir, 'review_1.answer')), 'the .answer file');
    expect(await readFile(join(handshakeDir, 'review_1.answer'), 'utf8')).toBe('yes, merge');
    expect(notifications.created[0]!.closed).toBe(true);
    const events = popoverWindows[0]!.sent
      .filter((s) => s.channel === 'inbox:event')
      .map((s) => (s.payload as { type: string }).type);
    // The popover is loaded (hidden) at start, so it heard the request arrive too.
    expect(events).toEqual(['added', 'answered']);
  });

  it('a saved remote broker joins the one inbox: tray, notification, IPC list and answer, its state in settings', async () => {
    // Answering there needs the operator's authority: the desk's own operator token (team mode).
    const remote = await startBrokerService({
      port: 0,
      stateDir: join(stateDir, 'remote'),
      dirs: [],
      rendererDir: null,
      operators: [{ name: 'desk', token: 'desk-operator-token' }],
    });
    try {
      const safeStorage = {
        isEncryptionAvailable: () => true,
        encryptString: (plain: string) =>
          Buffer.from(Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a)),
        decryptString: (encrypted: Buffer) =>
          Buffer.from(encrypted.map((b) => b ^ 0x5a)).toString('utf8'),
      };
      const tokenEncrypted = safeStorage.encryptString('desk-operator-token').toString('base64');
      await writeFile(
        join(stateDir, 'remote-brokers.json'),
        JSON.stringify({ brokers: [{ name: 'build-vm', url: remote.url, tokenEncrypted }] }),
      );
      const asked = remote.broker.add({ source: 'clarity-http', key: 'ship', prompt: 'Ship v2?' });
      const { desktop, tray, notifications, ipc } = build({ safeStorage });
      await desktop.start();
      await waitFor(() => tray.title === '1', 'the remote request counted in the tray');
      expect(notifications.created.map((n) => n.options.body)).toEqual(['Ship v2?']);
      const listed = (await ipc.invoke('inbox:list-pending', {}, OURS)) as {
        ok: true;
        value: { requests: { id: string; meta?: Record<string, unknown> }[] };
      };
      expect(listed.value.requests).toMatchObject([
        { id: `build-vm/${asked.id}`, meta: { where: 'build-vm' } },
      ]);
      const brokers = (await ipc.invoke('brokers:list', undefined, OURS)) as {
        value: { brokers: { name: string; connected?: boolean }[] };
      };
      expect(brokers.value.brokers).toEqual([
        expect.objectContaining({ name: 'build-vm', connected: true }),
      ]);

      const answered = await ipc.invoke(
        'inbox:answer',
        { id: `build-vm/${asked.id}`, input: { text: 'yes' } },
        `${OURS}#popover`,
      );
      expect(answered).toMatchObject({ ok: true });
      expect(remote.broker.resolved()).toMatchObject([
        { id: asked.id, answer: { text: 'yes' }, operator: 'desk' },
      ]);
      await waitFor(() => tray.title === '', 'the tray cleared');
      expect(desktop.service!.broker.resolved()).toEqual([]);
    } finally {
      await remote.close();
    }
  });

  it('macOS: a confirm or choice is answered from its notification buttons, through the broker like any answer', async () => {
    const { desktop, tray, notifications, mainWindows } = build({ platform: 'darwin' });
    await desktop.start();
    desktop.openMainWindow();
    const broker = desktop.service!.broker;
    const confirm = broker.add({
      source: 'clarity-http',
      key: 'drop-cache',
      prompt: 'Drop the build cache?',
      input: { kind: 'confirm' },
    });
    const choice = broker.add({
      source: 'clarity-http',
      key: 'pick-db',
      prompt: 'Which database?',
      input: {
        kind: 'choice',
        options: [
          { value: 'pg', label: 'PostgreSQL' },
          { value: 'lite', label: 'SQLite' },
        ],
      },
    });
    await waitFor(() => tray.title === '2', 'tray count');
    expect(notifications.created.map((n) => n.options.actions?.map((a) => a.text))).toEqual([
      ['Approve', 'Decline'],
      ['PostgreSQL', 'SQLite'],
    ]);

    notifications.created[0]!.emit('action', 1);
    notifications.created[1]!.emit('action', 1);
    // An answer to a request kept on disk is saved (journal) before it is made.
    await waitFor(() => broker.get(choice.id)?.status === 'answered', 'both answered');
    expect(broker.get(confirm.id)).toMatchObject({
      status: 'answered',
      answer: { value: { kind: 'confirm', confirmed: false } },
    });
    expect(broker.get(choice.id)).toMatchObject({
      status: 'answered',
      answer: { value: { kind: 'choice', selected: ['lite'] } },
    });
    await waitFor(() => tray.title === '', 'tray cleared');
    // Every window hears it like any other answer; the notifications close.
    const events = mainWindows[0]!.sent
      .filter((s) => s.channel === 'inbox:event')
      .map((s) => (s.payload as { type: string }).type);
    expect(events.filter((t) => t === 'answered')).toHaveLength(2);
    expect(notifications.created.every((n) => n.closed)).toBe(true);
  });

  it('Linux: no buttons on the notification; a click opens the request in the popover', async () => {
    const { desktop, notifications, popoverWindows } = build({ platform: 'linux' });
    await desktop.start();
    const request = desktop.service!.broker.add({
      source: 'clarity-http',
      key: 'drop-cache',
      prompt: 'Drop the build cache?',
      input: { kind: 'confirm' },
    });
    await waitFor(() => notifications.created.length === 1, 'a notification');
    expect(notifications.created[0]!.options.actions).toBeUndefined();
    notifications.created[0]!.emit('click');
    expect(
      popoverWindows[0]!.sent.find((s) => s.channel === 'popover:show-request')?.payload,
    ).toEqual({ id: request.id });
  });

  it('HAPI agent messages posted over HTTP reach the windows live and the IPC history', async () => {
    const { desktop, ipc, mainWindows } = build();
    await desktop.start();
    desktop.openMainWindow();
    const message = { role: 'assistant', content: [{ type: 'text', text: 'Listing files' }] };
    const response = await fetch(`${desktop.service!.url}api/agents/agent-7/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
    });
    expect(response.status).toBe(201);
    const live = mainWindows[0]!.sent
      .filter((s) => s.channel === 'inbox:event')
      .map((s) => s.payload);
    expect(live).toEqual([
      expect.objectContaining({
        type: 'agent_message',
        agentId: 'agent-7',
        message: expect.objectContaining(message),
      }),
    ]);
    const listed = await ipc.invoke('inbox:agent-messages', { agentId: 'agent-7' }, OURS);
    expect(JSON.stringify(listed)).toContain('Listing files');
  });

  it('Do not disturb from the tray suppresses notifications and persists', async () => {
    const { desktop, tray, notifications } = build();
    await desktop.start();
    tray.clickItem('dnd');
    desktop.service!.broker.add({ source: 'clarity-http', key: 'q', prompt: 'quiet?' });
    expect(notifications.created).toHaveLength(0);
    expect(JSON.parse(await readFile(join(stateDir, 'settings.json'), 'utf8')).doNotDisturb).toBe(
      true,
    );
  });

  it('start at login follows the setting', async () => {
    const { desktop, tray, loginItems } = build();
    await desktop.start();
    expect(loginItems.sets).toEqual([]);
    tray.clickItem('start-at-login');
    expect(loginItems.open).toBe(true);
    tray.clickItem('start-at-login');
    expect(loginItems.sets).toEqual([true, false]);
  });

  it('history survives a restart (same state dir as `serve`), and shutdown is clean and idempotent', async () => {
    const first = build();
    await first.desktop.start();
    const r = first.desktop.service!.broker.add({
      source: 'clarity-http',
      key: 'keep',
      prompt: 'remember me?',
    });
    first.desktop.service!.broker.answer(r.id, { text: 'yes' });
    await Promise.all([first.desktop.shutdown(), first.desktop.shutdown()]);
    expect(first.tray.destroyed).toBe(true);
    expect(first.ipc.handlers.size).toBe(0);

    const second = build();
    await second.desktop.start();
    const history = await second.ipc.invoke('inbox:history', {}, OURS);
    expect(history).toMatchObject({
      ok: true,
      value: { requests: [{ key: 'keep', answer: { text: 'yes' } }] },
    });
  });

  it('handshake directories and history size changed in settings apply at once', async () => {
    const { desktop, ipc } = build();
    await desktop.start();
    const service = desktop.service!;
    for (let i = 1; i <= 12; i += 1)
      service.broker.cancel(service.broker.add({ source: 'cueme', key: `h${i}`, prompt: 'q' }).id);
    const added = join(stateDir, 'added-dir');
    const updated = await ipc.invoke(
      'settings:update',
      { handshakeDirs: [added], historySize: 10 },
      OURS,
    );
    expect(updated, JSON.stringify(updated)).toMatchObject({ ok: true });
    await waitFor(() => service.server.context.dirs.includes(added), 'the new directory watched');
    expect(service.server.context.dirs).toContain(handshakeDir);
    await writeFile(
      join(added, 'live.question'),
      JSON.stringify({ key: 'live', question: 'Seen without a restart?', timestamp: Date.now() }),
    );
    await waitFor(() => !!service.broker.findPending('clarity-file', 'live'), 'the question');
    expect(service.store.historyList().map((r) => r.key)).toEqual(
      Array.from({ length: 10 }, (_, i) => `h${i + 3}`),
    );
  });

  it('a handshake dir replaced while running reaches the windows through inbox:info', async () => {
    const { desktop, ipc } = build();
    expect(await desktop.start()).toBe(true);
    const info = async () =>
      (await ipc.invoke('inbox:info', undefined, OURS)) as {
        ok: true;
        value: { dirProblems?: { dir: string; message: string }[] };
      };
    expect((await info()).value.dirProblems).toEqual([]);
    await rename(handshakeDir, `${handshakeDir}-moved`);
    await mkdir(handshakeDir);
    cleanupMoved.push(`${handshakeDir}-moved`);
    const problems = await waitFor(async () => {
      const list = (await info()).value.dirProblems ?? [];
      return list.length ? list : undefined;
    }, 'the lost dir in inbox:info');
    expect(problems).toMatchObject([
      {
        dir: handshakeDir,
        message: `${handshakeDir} was replaced by another directory; it is no longer used`,
      },
    ]);
  });

  it('a saved handshake directory that cannot be watched does not stop the app', async () => {
    const blocker = join(stateDir, 'a-file');
    await writeFile(blocker, 'not a directory');
    await writeFile(
      join(stateDir, 'settings.json'),
      JSON.stringify({ handshakeDirs: [join(blocker, 'sub')] }),
    );
    const { desktop } = build();
    expect(await desktop.start()).toBe(true);
    expect(desktop.service!.server.context.dirs).toEqual([handshakeDir]);
  });

  it('when another program holds its port, the app serves on a free one and says so in a notification', async () => {
    const sockets = new Set<Socket>();
    const other = createServer((socket) => sockets.add(socket).size && socket.end('busy\n'));
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const taken = (other.address() as AddressInfo).port;
    try {
      const { desktop, notifications } = build({ port: taken });
      expect(await desktop.start()).toBe(true);
      expect(desktop.service!.port).not.toBe(taken);
      // The settings' port (7842) is the one reported; this fake service maps it to the taken one.
      const notice = notifications.created.find((n) =>
        /^Port 7842 is used by another program/.test(n.options.body),
      );
      expect(notice?.shown).toBe(true);
      expect(notice?.options.body).toContain(desktop.service!.url);
      await desktop.shutdown();
      expect(notice?.closed).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((r) => other.close(r));
    }
  });

  it('the tray speaks the system language while the setting is "system", and the chosen one otherwise', async () => {
    const { desktop, app, tray, ipc } = build();
    app.locale = 'zh-CN';
    await desktop.start();
    expect(tray.tooltip).toBe('HITL Broker：没有待处理');
    await ipc.invoke('settings:update', { language: 'en' }, OURS);
    expect(tray.tooltip).toBe('HITL Broker: nothing pending');
  });

  it('a new port in the settings moves the HTTP server at once; a taken one is reported and changes nothing', async () => {
    const { desktop, ipc, notifications } = build();
    await desktop.start();
    const service = desktop.service!;
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const taken = (holder.address() as AddressInfo).port;
    try {
      const before = service.url;
      await ipc.invoke('settings:update', { port: taken }, OURS);
      await waitFor(
        () => notifications.created.some((n) => n.options.body.startsWith(`Port ${taken} is used`)),
        'the port-busy notice',
      );
      expect(service.url).toBe(before);
    } finally {
      await new Promise((r) => holder.close(r));
    }
    await ipc.invoke('settings:update', { port: taken, token: 'tok-123456' }, OURS);
    await waitFor(() => service.port === taken, 'the move');
    expect((await fetch(`${service.url}questions`)).status).toBe(401);
  });

  it('tray Quit asks the app to quit', async () => {
    const { desktop, tray, app } = build();
    await desktop.start();
    tray.clickItem('quit');
    expect(app.quits).toBe(1);
  });
});
