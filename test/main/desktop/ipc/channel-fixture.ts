import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { onTestFinished } from 'vitest';
import type { RuleStore } from '../../../../main/adapters/coding-agents/rule-store';
import type { RunStore } from '../../../../main/adapters/tool-server-lite/run-store';
import { Broker } from '../../../../main/broker/broker';
import { registerDesktopIpc } from '../../../../main/desktop/ipc/inbox-handlers';
import { IpcRouter } from '../../../../main/desktop/ipc/ipc-router';
import { createSenderCheck } from '../../../../main/desktop/ipc/sender-check';
import { SettingsStore } from '../../../../main/desktop/settings/settings-store';
import {
  createInboxOperations,
  type InboxOperations,
} from '../../../../main/operations/inbox-operations';
import { FakeIpcMain } from '../fake-electron';

/** The packaged app's renderer page, and its URL: the sender every trusted call comes from. */
export const INDEX = '/opt/HITL Broker/resources/app/out/renderer/index.html';
export const OURS = pathToFileURL(INDEX).href;

/** A router on a fake ipcMain that trusts only {@link OURS}; rejected calls are recorded. */
export function trustedRouter(): { ipc: FakeIpcMain; router: IpcRouter; rejected: string[] } {
  const ipc = new FakeIpcMain();
  const rejected: string[] = [];
  const router = new IpcRouter({
    ipc,
    isTrustedSender: createSenderCheck({ indexFile: INDEX }),
    onRejected: (channel, reason) => rejected.push(`${channel}: ${reason}`),
  });
  return { ipc, router, rejected };
}

/**
 * The desktop's inbox channels (registerDesktopIpc) over a fresh broker, with settings in memory
 * over a temp dir removed when the test ends. `runs` / `rules` go to the inbox operations as given;
 * `operations` (e.g. an HTTP server's, to compare both transports) is used instead when given.
 */
export async function desktopChannels(
  options: { runs?: RunStore; rules?: RuleStore; operations?: InboxOperations } = {},
) {
  const dir = await mkdtemp(join(tmpdir(), 'hitl-ipc-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const { ipc, router, rejected } = trustedRouter();
  const broker = new Broker();
  const inbox = {
    broker,
    history: () => [],
    agentMessages: () => [],
    ...(options.runs ? { runs: options.runs } : {}),
    ...(options.rules ? { rules: options.rules } : {}),
  };
  // The inbox's deps both ways: spread (registerDesktopIpc makes the operations) and as the
  // operations themselves (it takes the service's), so the fixture fits either while that moves.
  const deps = {
    ...inbox,
    operations: options.operations ?? createInboxOperations(inbox),
    info: () => ({ version: '1', dirs: [], tokenRequired: false, url: 'http://127.0.0.1:7842/' }),
    settings: new SettingsStore({
      dir,
      createBackend: ({ cwd, name }) => {
        let store: Record<string, unknown> = {};
        return {
          path: join(cwd, `${name}.json`),
          get store() {
            return store;
          },
          set: (values: Record<string, unknown>) => (store = { ...store, ...values }),
        };
      },
    }),
    openExternal: () => {},
    hidePopover: () => {},
    openInWindow: () => {},
  };
  registerDesktopIpc(router, deps);
  return { ipc, broker, rejected };
}
