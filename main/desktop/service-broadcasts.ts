import type { IpcEventChannel, IpcEventMap } from '@contract/ipc/channels';
import type { DesktopService } from './desktop-deps';

/** Sends one IPC event to every open window of the app. */
export type Broadcast = <C extends IpcEventChannel>(channel: C, payload: IpcEventMap[C]) => void;

/**
 * What the in-process service says besides broker events, passed on to the windows: agent
 * messages, run updates, and the "could not read" list. Returns the unsubscribe functions.
 */
export function broadcastServiceChanges(
  service: DesktopService,
  broadcast: Broadcast,
): (() => void)[] {
  return [
    service.agentMessages.onAppend((agentId, message) =>
      broadcast('inbox:event', { type: 'agent_message', agentId, message }),
    ),
    service.runs.onChange((update) => broadcast('runs:updated', update)),
    service.broker.unreadable.subscribe((list) => broadcast('unreadable:changed', list)),
  ];
}
