import type { PostgresStore } from '../../broker/persistence/postgres/postgres-store';
import type { Broker } from '../../broker/broker';
import type { RequestStore } from '../../broker/persistence/request-store';
import type { LoginCodes } from '../../http/guards/login-codes';
import { loginUrl } from '../../http/routes/login-routes';
import type { BrokerService } from '../broker-service-types';
import type { HttpBinding } from '../http-binding';
import type { WatchedDirs } from '../watched-dirs';
import type { Cleanups } from './cleanups';
import type { InboxParts } from './inbox-step';
import type { Pushes } from './pushes-step';

/** Everything a started service is made of. */
export interface ServiceParts {
  broker: Broker;
  store: RequestStore;
  sharedStore?: PostgresStore;
  watched: WatchedDirs;
  inbox: InboxParts;
  pushes: Pushes;
  http: HttpBinding;
  loginCodes: LoginCodes;
  stateDir: string;
  cleanups: Cleanups;
}

/**
 * The started service as its callers see it: its parts, the server in use now (a rebind
 * replaces it), login links, rebinding, and a close that runs the cleanups once.
 */
export function serviceHandle(parts: ServiceParts): BrokerService {
  const { http, inbox, pushes, loginCodes, cleanups } = parts;
  let closing: Promise<void> | undefined;
  return {
    broker: parts.broker,
    operations: inbox.operations,
    get server() {
      return http.server;
    },
    watched: parts.watched,
    store: parts.store,
    ...(parts.sharedStore ? { sharedStore: parts.sharedStore } : {}),
    agentMessages: inbox.agentMessages,
    runs: inbox.runs,
    rules: inbox.rules,
    ...pushes,
    get url() {
      return http.server.url();
    },
    get port() {
      return http.server.port();
    },
    stateDir: parts.stateDir,
    loginUrl: (ttlMs) => loginUrl(http.server.url(), { loginCodes }, ttlMs),
    rebindHttp: (config) => http.rebind({ port: config.port, token: config.token || undefined }),
    close: () => (closing ??= cleanups.run()),
  };
}
