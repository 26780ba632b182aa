import type { DesktopService } from '../desktop-deps';
import type { DesktopIpcDeps } from './inbox-handlers';

/** What the IPC handlers read of the broker service running in-process. */
export function serviceIpcDeps(
  service: DesktopService,
): Pick<DesktopIpcDeps, 'operations' | 'info' | 'phone'> {
  const phones = service.server.context.phones;
  return {
    // Built once by the service: the HTTP routes call the same object (after a rebind too).
    operations: service.operations,
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
