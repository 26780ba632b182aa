import { IPC_INVOKE, type IpcInvokeChannel } from '@contract/ipc/channels';

/** The zod schema every payload of each channel must pass before main acts on it (declared in the contract). */
export const IPC_PAYLOAD_SCHEMAS = Object.fromEntries(
  Object.entries(IPC_INVOKE).map(([channel, { payload }]) => [channel, payload]),
) as { [C in IpcInvokeChannel]: (typeof IPC_INVOKE)[C]['payload'] };
