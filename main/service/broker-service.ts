import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { CuemeMailbox } from '../adapters/cueme-mailbox/cueme-mailbox';
import { FileRootPolicy } from '../adapters/file-pick/file-roots';
import { RuleStore } from '../adapters/coding-agents/rule-store';
import { ruleRevokedEntry } from '../adapters/coding-agents/rule-audit';
import { AgentMessageStore } from '../adapters/hapi/agent-message-store';
import { RunFiles } from '../adapters/tool-server-lite/run-files';
import { RunStore } from '../adapters/tool-server-lite/run-store';
import { AuditLog } from '../broker/audit-log';
import { lossesOf, lostAuditEntry } from '../broker/resolution-losses';
import { Broker } from '../broker/broker';
import type { PostgresStore } from '../broker/persistence/postgres/postgres-store';
import { RequestStore } from '../broker/persistence/request-store';
import { resolveStateDir } from '../broker/persistence/state-dir';
import { createHttpServer } from '../http/server';
import { createInboxOperations } from '../operations/inbox-operations';
import { LoginCodes } from '../http/guards/login-codes';
import { PhoneSessions } from '../http/pairing/phone-sessions';
import { loginUrl } from '../http/routes/login-routes';
import { writeProofKey } from './broker-proof';
import type { BrokerService, BrokerServiceOptions } from './broker-service-types';
import { removeDiscovery, writeDiscovery } from './discovery';
import { ensureOperatorSecret } from './operator-secret';
import { HttpBinding } from './http-binding';
import { acquireOwnerLock } from './owner-lock';
import { WatchedDirs } from './watched-dirs';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher';
import { publicUrlOf } from './webhooks/webhook-config';
import { NtfyPush } from './ntfy/ntfy-push';
import { startHapiHub } from './hapi/hapi-hub-step';
import { TelegramPush } from './telegram/telegram-push';
import { redactStoreUrl } from '../broker/persistence/postgres/redact-url';
import { readConfig } from '../config/config-schema';

export type { BrokerService, BrokerServiceOptions };

/** The paired phones' sessions in the state dir (docs/phone.md). */
export const PHONE_SESSIONS_FILE = 'phone-sessions.json';

/** The state dir's owner lock file (see owner-lock.ts). */
export const STATE_LOCK = 'broker.lock';

/**
 * The whole headless broker, used by `clarity-hitl serve` and the desktop app: broker, restored
 * persistence, one file adapter per dir, audit log, HTTP server, and `<stateDir>/broker.json`.
 */
export async function startBrokerService(
  options: BrokerServiceOptions = {},
): Promise<BrokerService> {
  const warn = options.onWarning ?? (() => {});
  const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
  const stateDir = resolveStateDir(options.stateDir);
  const env = readConfig(process.env, ['token', 'allowQueryToken', 'operatorAnswersOnly', 'store']);
  const token = options.token ?? env.token;
  const allowQueryToken = options.allowQueryToken ?? env.allowQueryToken ?? false;
  // One owner per state dir: a second broker here would split (and overwrite) its state.
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const stateLock = acquireOwnerLock(path.join(stateDir, STATE_LOCK), `state dir ${stateDir}`);
  let operatorSecret: string;
  try {
    operatorSecret = ensureOperatorSecret(stateDir);
    writeProofKey(stateDir, operatorSecret);
  } catch (error) {
    stateLock.release();
    throw error;
  }
  const loginCodes = new LoginCodes();
  const phoneSessions = new PhoneSessions({
    secret: operatorSecret,
    file: path.join(stateDir, PHONE_SESSIONS_FILE),
    onWarning: warn,
  });
  const operatorAnswersOnly = options.operatorAnswersOnly ?? env.operatorAnswersOnly ?? false;
  const storeUrl = sharedStoreUrl(options.store ?? env.store);
  const broker = new Broker({
    onListenerError: (error) => warn(`listener failed: ${describe(error)}`),
    // Per run: after a restart, a page's Last-Event-ID from the last run gets a fresh snapshot
    // (never this run's events under the same numbers, nor nothing at all).
    firstSeq: Date.now(),
    ...(storeUrl ? { instanceName: options.instanceName ?? hostname() } : {}),
  });
  let sharedStore: PostgresStore | undefined;
  if (storeUrl) {
    try {
      // Loaded only in team mode: `pg` costs a solo broker ~45 ms of start-up and ~15 MB.
      const { PostgresStore } = await import('../broker/persistence/postgres/postgres-store');
      sharedStore = await PostgresStore.open({
        url: storeUrl,
        historyLimit: options.historyLimit,
        onWarning: warn,
      });
      await sharedStore.attach(broker);
    } catch (error) {
      await sharedStore?.close();
      stateLock.release();
      throw error;
    }
  }
  const store = new RequestStore({
    stateDir,
    historyLimit: options.historyLimit,
    onSetAside: (file, movedTo) =>
      warn(`${file} was unreadable; kept as ${movedTo}, starting empty`),
    onError: (error) => warn(`could not save state: ${describe(error)}`),
  });
  store.attach(broker);
  // Solo: an operator's answer to a request kept on disk is journaled before it is made.
  if (!sharedStore) broker.useGate(store.gate);
  const cleanups: Array<() => unknown> = [
    () => stateLock.release(),
    () => store.close(),
    () => sharedStore?.close(),
    () => broker.close(),
  ];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) await step();
  };

  let audit: AuditLog | undefined;
  try {
    if (options.logFile) {
      audit = await AuditLog.open(options.logFile, (error) =>
        warn(`audit log ${options.logFile}: ${describe(error)}`),
      );
      const opened = audit;
      const detach = opened.attach(broker);
      // An answer file that lost to another answer (team mode) is audited beside the winner.
      const detachLosses = lossesOf(broker).subscribe((loss, at) =>
        opened.append(lostAuditEntry(loss, at)),
      );
      cleanups.push(async () => {
        detach();
        detachLosses();
        await opened.close();
      });
    }
    const watched = new WatchedDirs({ broker, warn, onDirLost: options.onDirLost });
    cleanups.push(() => watched.close());
    await watched.set(options.dirs ?? [], { strict: options.strictDirs ?? true });
    const mirrorTarget = watched.mirrorTarget();
    if (mirrorTarget) {
      for (const request of broker.pending())
        if (request.source === 'clarity-http') await mirrorTarget.mirror(request);
    }

    if (options.cuemeDb) {
      const mailbox = new CuemeMailbox({ broker, dbPath: options.cuemeDb, warn });
      cleanups.push(() => mailbox.close());
    }

    const agentMessages = new AgentMessageStore();
    const rules = RuleStore.inStateDir(stateDir, warn, (rule, by) =>
      audit?.append(ruleRevokedEntry(rule, by)),
    );
    const runs = new RunStore({
      persistence: new RunFiles({ dir: path.join(stateDir, 'runs'), onWarning: warn }),
    });
    await runs.load();
    // Once for every transport: each HTTP server (a rebind makes a new one) and the desktop IPC.
    const operations = createInboxOperations({
      broker,
      history: () => store.historyList(),
      agentMessages: (agentId, limit) => agentMessages.list(agentId, limit),
      runs,
      rules,
    });
    const publicUrl = publicUrlOf(options.publicUrl);
    const webhooks = options.webhooks?.length
      ? new WebhookDispatcher({
          broker,
          webhooks: options.webhooks,
          secret: options.webhookSecret,
          publicUrl,
        })
      : undefined;
    if (webhooks) cleanups.push(() => webhooks.close());
    const ntfy = options.ntfy
      ? new NtfyPush({ broker, ntfy: options.ntfy, operatorSecret, publicUrl, onWarning: warn })
      : undefined;
    if (ntfy) cleanups.push(() => ntfy.close());
    const hapiHub = startHapiHub(broker, options.hapiHub, warn, agentMessages);
    if (hapiHub) cleanups.push(() => hapiHub.close());
    const telegram = options.telegram
      ? new TelegramPush({
          broker,
          telegram: options.telegram,
          operatorSecret,
          publicUrl,
          onWarning: warn,
        })
      : undefined;
    if (telegram) cleanups.push(() => telegram.close());
    // Before the HTTP server's close in the list, so it runs after: no batch comes in any more.
    cleanups.push(() => runs.close());
    const http = new HttpBinding(
      ({ port, token }) =>
        createHttpServer({
          broker,
          operations,
          host: options.host,
          port,
          token,
          operators: options.operators,
          operatorSecret,
          loginCodes,
          phoneSessions,
          operatorAnswersOnly,
          allowQueryToken,
          publicUrl,
          dirs: watched.dirs,
          dirProblems: () => watched.problems(),
          fileRoots: new FileRootPolicy({
            roots: options.fileRoots,
            handshakeDirs: () => watched.dirs,
            onRefused: (root, reason) => warn(`file_pick root ${root} refused: ${reason}`),
          }),
          rendererDir: options.rendererDir,
          toolServerUpstream: options.toolServerUpstream,
          history: () => store.historyList(),
          mirrorQuestion: (request, ready) => watched.mirrorTarget()?.mirror(request, ready),
          requestFiles: (request) => watched.filesOf(request.id),
          filesSettled: (request) => watched.settled(request.id),
          saveProblem: (id) => store.saveProblem(id),
          heartbeatMs: options.heartbeatMs,
          agentMessages,
          runs,
          rules,
          ...(webhooks ? { webhookDeliveries: () => webhooks.deliveries() } : {}),
        }),
      (server, { token }) => {
        stateLock.setUrl(server.url());
        watched.setOwnerUrl(server.url());
        writeDiscovery(stateDir, {
          url: server.url(),
          port: server.port(),
          ...(token ? { token } : {}),
          pid: process.pid,
        });
      },
    );
    cleanups.push(() => http.close());
    await http.start({ port: options.port, token });
    cleanups.push(() => removeDiscovery(stateDir));
    // chokidar's initial walk lstats every file: run it once the broker already serves.
    watched.startReliableWatch();

    let closing: Promise<void> | undefined;
    return {
      broker,
      operations,
      get server() {
        return http.server;
      },
      watched,
      store,
      ...(sharedStore ? { sharedStore } : {}),
      agentMessages,
      runs,
      rules,
      ...(webhooks ? { webhooks } : {}),
      ...(ntfy ? { ntfy } : {}),
      ...(hapiHub ? { hapiHub } : {}),
      ...(telegram ? { telegram } : {}),
      get url() {
        return http.server.url();
      },
      get port() {
        return http.server.port();
      },
      stateDir,
      loginUrl: (ttlMs) => loginUrl(http.server.url(), { loginCodes }, ttlMs),
      rebindHttp: (config) => http.rebind({ port: config.port, token: config.token || undefined }),
      close: () => (closing ??= cleanUp()),
    };
  } catch (error) {
    await cleanUp();
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
