import path from 'node:path';
import { resolveStateDir } from '../broker/persistence/state-dir';
import { LoginCodes } from '../http/guards/login-codes';
import { PhoneSessions } from '../http/pairing/phone-sessions';
import type { BrokerService, BrokerServiceOptions } from './broker-service-types';
import { publicUrlOf } from './webhooks/webhook-config';
import { redactStoreUrl } from '../broker/persistence/postgres/redact-url';
import { readConfig } from '../config/config-schema';
import { openAuditLog } from './start/audit-step';
import { Cleanups } from './start/cleanups';
import { newWatchedDirs, openCuemeMailbox, watchHandshakeDirs } from './start/dirs-step';
import { listenHttp, prepareHttp } from './start/http-step';
import { openInbox } from './start/inbox-step';
import { startPushes, type Pushes } from './start/pushes-step';
import { serviceHandle } from './start/service-handle';
import { claimStateDir } from './start/state-dir-step';
import { openBrokerStores } from './start/stores-step';

export type { BrokerService, BrokerServiceOptions };
export { STATE_LOCK } from './start/state-dir-step';

/** The paired phones' sessions in the state dir (docs/phone.md). */
export const PHONE_SESSIONS_FILE = 'phone-sessions.json';

/**
 * The whole headless broker, used by `clarity-hitl serve` and the desktop app: broker, restored
 * persistence, one file adapter per dir, audit log, HTTP server, and `<stateDir>/broker.json`.
 * One named step after another (main/service/start/); a step that fails undoes the ones before.
 */
export async function startBrokerService(
  options: BrokerServiceOptions = {},
): Promise<BrokerService> {
  const warn = options.onWarning ?? (() => {});
  const stateDir = resolveStateDir(options.stateDir);
  const env = readConfig(process.env, ['token', 'allowQueryToken', 'operatorAnswersOnly', 'store']);
  const token = options.token ?? env.token;
  const allowQueryToken = options.allowQueryToken ?? env.allowQueryToken ?? false;
  // A bad --store is refused before the state dir is claimed (its lock would stay held).
  const storeUrl = sharedStoreUrl(options.store ?? env.store);
  const { lock, operatorSecret } = claimStateDir(stateDir);
  const loginCodes = new LoginCodes();
  const phoneSessions = new PhoneSessions({
    secret: operatorSecret,
    file: path.join(stateDir, PHONE_SESSIONS_FILE),
    onWarning: warn,
  });
  const operatorAnswersOnly = options.operatorAnswersOnly ?? env.operatorAnswersOnly ?? false;
  const stores = await openBrokerStores(options, stateDir, storeUrl, lock, warn);
  const { broker, store, sharedStore } = stores;
  const cleanups = new Cleanups(
    () => lock.release(),
    () => store.close(),
    () => sharedStore?.close(),
    () => broker.close(),
  );
  try {
    const audit = await openAuditLog(broker, options.logFile, warn, cleanups);
    const watched = newWatchedDirs(broker, options, warn, cleanups);
    const inbox = await openInbox(broker, stateDir, store, audit, warn);
    const publicUrl = publicUrlOf(options.publicUrl);
    const access = { token, allowQueryToken, operatorAnswersOnly, publicUrl };
    // Started after the scan (no push for each question already waiting); the server asks later.
    const started: { pushes?: Pushes } = {};
    // Built while a read-ahead thread may still be reading the first dir; it listens after the
    // scan, so a client's first look shows every question already there.
    const http = await prepareHttp(
      options,
      { ...access, operatorSecret, loginCodes, phoneSessions },
      { ...stores, watched, inbox, webhooks: () => started.pushes?.webhooks, lock, stateDir },
      cleanups,
    );
    await watchHandshakeDirs(watched, broker, options);
    openCuemeMailbox(broker, options.cuemeDb, warn, cleanups);
    const pushes = (started.pushes = startPushes(
      broker,
      options,
      { operatorSecret, publicUrl, agentMessages: inbox.agentMessages, warn },
      cleanups,
    ));
    await listenHttp(http, stateDir, cleanups);
    // chokidar's initial walk lstats every file: run it once the broker already serves.
    watched.startReliableWatch();
    return serviceHandle({
      ...stores,
      watched,
      inbox,
      pushes,
      http,
      loginCodes,
      stateDir,
      cleanups,
    });
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}

/** The PostgreSQL URL of a `--store` value; undefined for the embedded store (none, `embedded`). */
export function sharedStoreUrl(value: string | undefined): string | undefined {
  if (!value || value === 'embedded') return undefined;
  if (!/^postgres(ql)?:\/\//.test(value))
    throw new Error(
      `store: expected "embedded" or a postgres://… URL, got "${redactStoreUrl(value)}"`,
    );
  return value;
}
