import type { DesktopService } from '../desktop-deps';
import type { DesktopIpcDeps } from './inbox-handlers';

/** What the IPC handlers read of the broker service running in-process. */
export function serviceIpcDeps(
  service: DesktopService,
): Pick<
  DesktopIpcDeps,
  'broker' | 'history' | 'agentMessages' | 'runs' | 'rules' | 'info' | 'phone'
> {
  const phones = service.server.context.phones;
  return {
    broker: service.broker,
    history: () => service.store.historyList(),
    agentMessages: (agentId) => service.agentMessages.list(agentId),
    runs: service.runs,
    rules: service.server.context.rules,
    // Read at each call: a rebind (new port or token) gives the service a new server.
    info: () => ({
      version: service.server.context.version,
      dirs: service.server.context.dirs,
      tokenRequired: service.server.context.tokenRequired,
      url: service.url,
      dirProblems: [...service.watched.problems()],
    }),
    ...(phones
      ? {
          phone: {
            phones,
            publicUrl: () => service.server.context.publicUrl,
            ownUrl: () => service.url,
          },
        }
      : {}),
  };
}
