import type { IpcEnvelope, IpcEventMap, IpcInvokeMap } from './channels';
import type { IPC_EVENTS, IPC_INVOKE } from './declare';

type Call<C extends keyof IpcInvokeMap> = IpcInvokeMap[C]['payload'] extends undefined
  ? () => Promise<IpcEnvelope<IpcInvokeMap[C]['result']>>
  : (payload: IpcInvokeMap[C]['payload']) => Promise<IpcEnvelope<IpcInvokeMap[C]['result']>>;

type Listen<C extends keyof IpcEventMap> = (
  listener: (payload: IpcEventMap[C]) => void,
) => () => void;

type Calls = {
  [C in keyof typeof IPC_INVOKE as (typeof IPC_INVOKE)[C]['bridge']]: Call<C>;
};
type Listens = {
  [C in keyof typeof IPC_EVENTS as (typeof IPC_EVENTS)[C]['bridge']]: Listen<C>;
};

/**
 * What the preload exposes as `window.hitl`: one named function per channel (names from the
 * declaration in ./declare.ts), nothing raw (no ipcRenderer, no generic send). Listener
 * functions return their unsubscribe.
 */
export type HitlBridge = Calls & Listens;
