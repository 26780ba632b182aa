import { FileRootPolicy } from '../../adapters/file-pick/file-roots';
import type { Broker } from '../../broker/broker';
import type { RequestStore } from '../../broker/persistence/request-store';
import type { LoginCodes } from '../../http/guards/login-codes';
import type { PhoneSessions } from '../../http/pairing/phone-sessions';
import { createHttpServer, type HttpServer } from '../../http/server';
import type { BrokerServiceOptions } from '../broker-service-types';
import { removeDiscovery, writeDiscovery } from '../discovery';
import { HttpBinding, type HttpBindingConfig } from '../http-binding';
import type { OwnerLock } from '../owner-lock';
import type { WatchedDirs } from '../watched-dirs';
import type { WebhookDispatcher } from '../webhooks/webhook-dispatcher';
import type { Cleanups } from './cleanups';
import type { InboxParts } from './inbox-step';

/** Who may do what over HTTP, settled before the server starts. */
export interface HttpAccess {
  token: string | undefined;
  operatorSecret: string;
  loginCodes: LoginCodes;
  phoneSessions: PhoneSessions;
  operatorAnswersOnly: boolean;
  allowQueryToken: boolean;
  publicUrl: string | undefined;
}

/** The running parts the HTTP server serves. */
export interface HttpServed {
  broker: Broker;
  store: RequestStore;
  watched: WatchedDirs;
  inbox: InboxParts;
  /** The webhooks, once the push step has started them (after the HTTP server is built). */
  webhooks: () => WebhookDispatcher | undefined;
  lock: OwnerLock;
  stateDir: string;
}

type HttpOptions = Pick<
  BrokerServiceOptions,
  | 'host'
  | 'port'
  | 'operators'
  | 'fileRoots'
  | 'rendererDir'
  | 'toolServerUpstream'
  | 'heartbeatMs'
  | 'onWarning'
>;

/**
 * The service's HTTP step, first half: the server for `options.port` with the configured token
 * is built and its routes readied, not listening yet (listenHttp), so that it is built while the
 * handshake dirs are still being read. Rebuilt on each rebind; each time it listens, the state
 * lock and the handshake locks record its URL and `<stateDir>/broker.json` (discovery) is written.
 */
export async function prepareHttp(
  options: HttpOptions,
  access: HttpAccess,
  served: HttpServed,
  cleanups: Cleanups,
): Promise<HttpBinding> {
  const { watched, stateDir } = served;
  // Before the HTTP server's close in the list, so it runs after: no batch comes in any more.
  cleanups.add(() => served.inbox.runs.close());
  const http = new HttpBinding(httpServerFor(options, access, served), (server, { token }) => {
    served.lock.setUrl(server.url());
    watched.setOwnerUrl(server.url());
    writeDiscovery(stateDir, {
      url: server.url(),
      port: server.port(),
      ...(token ? { token } : {}),
      pid: process.pid,
    });
  });
  // A start that fails before the server listens (the scan) closes the server built for it.
  cleanups.add(() => http.closePrepared());
  await http.prepare({ port: options.port, token: access.token });
  return http;
}

/**
 * The HTTP step's second half: the prepared server listens. Resolves with its URL. Its close is
 * added here, after the steps between the two halves (pushes, the cueme mailbox): at shutdown the
 * server stops taking answers before any of them stops listening to the broker.
 */
export async function listenHttp(
  http: HttpBinding,
  stateDir: string,
  cleanups: Cleanups,
): Promise<string> {
  cleanups.add(() => http.close());
  const url = await http.listenPrepared();
  cleanups.add(() => removeDiscovery(stateDir));
  return url;
}

/** Builds the HTTP server for one binding (port, token) over the service's parts. */
function httpServerFor(
  options: HttpOptions,
  access: HttpAccess,
  served: HttpServed,
): (config: HttpBindingConfig) => Promise<HttpServer> {
  const { broker, store, watched, inbox, webhooks } = served;
  const warn = options.onWarning ?? (() => {});
  return ({ port, token }) =>
    createHttpServer({
      broker,
      operations: inbox.operations,
      host: options.host,
      port,
      token,
      operators: options.operators,
      operatorSecret: access.operatorSecret,
      loginCodes: access.loginCodes,
      phoneSessions: access.phoneSessions,
      operatorAnswersOnly: access.operatorAnswersOnly,
      allowQueryToken: access.allowQueryToken,
      publicUrl: access.publicUrl,
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
      agentMessages: inbox.agentMessages,
      runs: inbox.runs,
      rules: inbox.rules,
      webhookDeliveries: () => webhooks()?.deliveries() ?? [],
      eventsFromListen: true,
    });
}
