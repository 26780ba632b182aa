/// <reference lib="dom" />
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Conf from 'conf';
import type { Page } from 'playwright-core';
import { CALLS, LISTENS } from '../../../preload/bridge-api';
import type { IpcEventChannel, IpcEventMap } from '@contract/ipc/channels';
import type { RuleStore } from '../../../main/adapters/coding-agents/rule-store';
import { Broker } from '../../../main/broker/broker';
import { registerDesktopIpc } from '../../../main/desktop/ipc/inbox-handlers';
import { IpcRouter } from '../../../main/desktop/ipc/ipc-router';
import { createSenderCheck } from '../../../main/desktop/ipc/sender-check';
import { SettingsStore } from '../../../main/desktop/settings/settings-store';
import { RemoteBrokerStore } from '../../../main/desktop/settings/remote-broker-store';
import { RemoteInboxes, type RemoteInboxEntry } from '../../../main/desktop/attach/remote-inboxes';
import { remoteBrokersView } from '../../../main/desktop/ipc/remote-broker-handlers';
import { toPublicRequest } from '../../../main/http/views';
import { createHttpServer, type HttpServer } from '../../../main/http/server';
import { FakeIpcMain } from '../../main/desktop/fake-electron';
import type { PopoverPageData } from '@contract/popover-page';
import { popoverPageDataVia } from '../../../main/desktop/popover/popover-page';
import { servePopoverPage } from './popover-page-route';
import { logIn } from '../web/harness';

/** What the desktop views asked of the main process besides the inbox. */
export interface ShellCalls {
  hide: number;
  openInWindow: (string | null)[];
  openExternal: string[];
}

export interface DesktopViewsHarness {
  broker: Broker;
  /** The coding agents' rules the IPC rules channels serve. */
  rules: RuleStore;
  settings: SettingsStore;
  /** What `inbox:info` reports as lost handshake dirs (push to simulate one). */
  dirProblems: { dir: string; message: string; at: number }[];
  calls: ShellCalls;
  /** Every IPC call the page made, in order. */
  invoked: { channel: string; payload: unknown }[];
  url: string;
  emit<C extends IpcEventChannel>(channel: C, payload: IpcEventMap[C]): Promise<void>;
  close(): Promise<void>;
}

/**
 * The desktop renderer in plain Chromium: the built UI served over loopback, and a `window.hitl`
 * with the preload's exact function names, each forwarded to the real main-process IPC router
 * (zod validation, sender check, broker, settings store in a temp dir). Only Electron is missing.
 */
export async function startDesktopViews(
  page: Page,
  rendererDir: string,
  options: { launchRemotes?: RemoteInboxEntry[] } = {},
): Promise<DesktopViewsHarness> {
  const stateDir = await mkdtemp(path.join(os.tmpdir(), 'hitl-desktop-views-'));
  const broker = new Broker();
  const server: HttpServer = await createHttpServer({ broker, port: 0, rendererDir });
  // popover.html as the app's app:// handler serves it: its first request and settings written
  // in, from the IPC router below (the page's other files come from the server, as app:// files).
  let popoverData: () => Promise<PopoverPageData | undefined> = async () => undefined;
  servePopoverPage(server, rendererDir, () => popoverData());
  const url = await server.listen();
  // The app serves its renderer over app://; this stand-in serves it over HTTP, whose page is the
  // operator's: the page is logged in as the app's own window is the operator.
  await logIn(page.context(), { url, operatorSecret: server.context.operatorSecret });
  const settings = new SettingsStore({
    dir: stateDir,
    // electron-store needs Electron at load time; conf (which it wraps) takes the same options.
    createBackend: (o) =>
      new Conf({
        cwd: o.cwd,
        configName: o.configName,
        projectVersion: o.projectVersion,
        migrations: o.migrations,
        clearInvalidConfig: false,
        accessPropertiesByDotNotation: false,
      }),
  });
  const calls: ShellCalls = { hide: 0, openInWindow: [], openExternal: [] };
  const dirProblems: DesktopViewsHarness['dirProblems'] = [];
  // The remote brokers added in the settings view, followed for real (HTTP + SSE), as the app does.
  const remoteBrokers = new RemoteBrokerStore(stateDir, undefined);
  const remotes = new RemoteInboxes(undefined, options.launchRemotes);
  remotes.sync(remoteBrokers.list());
  const ipc = new FakeIpcMain();
  const router = new IpcRouter({ ipc, isTrustedSender: createSenderCheck({ devUrl: url }) });
  registerDesktopIpc(router, {
    // The same operations object the server's /api routes call, as in the app.
    operations: server.context.operations,
    info: () => ({ version: 'test', dirs: [], tokenRequired: false, url, dirProblems }),
    settings,
    // No keychain in a browser page: tokens stay for the session (the view says so).
    remoteBrokers,
    remotes,
    phone: { phones: server.context.phones, publicUrl: () => undefined, ownUrl: () => url },
    openExternal: (u) => calls.openExternal.push(u),
    hidePopover: () => void calls.hide++,
    openInWindow: (id) => void calls.openInWindow.push(id),
  });

  // As the app's DesktopApp.popoverPageData: through the router, as from app://bundle/popover.html.
  popoverData = () => popoverPageDataVia(router);

  const invoked: DesktopViewsHarness['invoked'] = [];
  await page.exposeFunction('__hitlInvoke', (channel: string, payload: unknown) => {
    invoked.push({ channel, payload });
    return ipc.invoke(channel, payload, page.mainFrame().url());
  });
  await page.addInitScript(
    ({ calls: callTable, listens }) => {
      const listeners: Record<string, ((payload: unknown) => void)[]> = {};
      const w = window as unknown as Record<string, unknown>;
      w.__hitlEmit = (channel: string, payload: unknown) =>
        (listeners[channel] ?? []).forEach((l) => l(payload));
      const invoke = w.__hitlInvoke as (channel: string, payload: unknown) => Promise<unknown>;
      const api: Record<string, unknown> = {};
      for (const [name, channel] of Object.entries(callTable))
        api[name] = (payload?: unknown) => invoke(channel, payload);
      for (const [name, channel] of Object.entries(listens)) {
        api[name] = (listener: (payload: unknown) => void) => {
          (listeners[channel] ??= []).push(listener);
          return () =>
            (listeners[channel] = (listeners[channel] ?? []).filter((l) => l !== listener));
        };
      }
      w.hitl = Object.freeze(api);
    },
    { calls: CALLS, listens: LISTENS },
  );

  const emit = async <C extends IpcEventChannel>(channel: C, payload: IpcEventMap[C]) => {
    await page.evaluate(
      ([c, p]) =>
        (window as unknown as { __hitlEmit: (c: string, p: unknown) => void }).__hitlEmit(c, p),
      [channel, payload] as const,
    );
  };
  const offBroker = broker.subscribe((event) => {
    void emit('inbox:event', {
      type: event.type,
      seq: event.seq,
      request: toPublicRequest(event.request),
    }).catch(() => undefined);
  });
  const offRemote = remotes.subscribe((event) => {
    void emit('inbox:event', { type: event.type, request: event.request }).catch(() => undefined);
  });
  const offRemoteState = remotes.onStateChange(
    () =>
      void emit('brokers:changed', remoteBrokersView(remoteBrokers, remotes)).catch(
        () => undefined,
      ),
  );
  const offUnreadable = broker.unreadable.subscribe(
    (list) => void emit('unreadable:changed', list).catch(() => undefined),
  );
  const offSettings = settings.onChange(
    (next) => void emit('settings:changed', next).catch(() => undefined),
  );

  return {
    broker,
    rules: server.context.rules,
    settings,
    dirProblems,
    calls,
    invoked,
    url,
    emit,
    async close() {
      offBroker();
      offRemote();
      offRemoteState();
      remotes.close();
      offUnreadable();
      offSettings();
      router.dispose();
      await server.close();
      broker.close();
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}
