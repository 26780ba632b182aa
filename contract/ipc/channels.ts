/**
 * The typed IPC contract between the desktop main process, the preload and the renderer, all
 * derived from the one declaration in ./declare.ts (IPC_INVOKE, IPC_EVENTS).
 */
import type { z } from 'zod';
import { IPC_EVENTS, IPC_INVOKE, type Carries } from './declare';

export type { IpcBrokerInfo, IpcInboxEvent, RemoteBrokersView } from './declare';
export { IPC_EVENTS, IPC_INVOKE } from './declare';

type Carried<T> = T extends Carries<infer U> ? U : never;

/** Renderer → main calls (ipcRenderer.invoke / ipcMain.handle): payload in, result out. */
export type IpcInvokeMap = {
  [C in keyof typeof IPC_INVOKE]: {
    payload: z.input<(typeof IPC_INVOKE)[C]['payload']>;
    result: Carried<(typeof IPC_INVOKE)[C]['result']>;
  };
};

/** Main → renderer events (webContents.send / ipcRenderer.on). */
export type IpcEventMap = {
  [C in keyof typeof IPC_EVENTS]: Carried<(typeof IPC_EVENTS)[C]['payload']>;
};

export type IpcInvokeChannel = keyof IpcInvokeMap;
export type IpcEventChannel = keyof IpcEventMap;
export type IpcPayload<C extends IpcInvokeChannel> = IpcInvokeMap[C]['payload'];
export type IpcResult<C extends IpcInvokeChannel> = IpcInvokeMap[C]['result'];

/** Every invoke result travels in this envelope so the renderer keeps the error code and status. */
export type IpcEnvelope<T> =
  { ok: true; value: T } | { ok: false; error: { code: string; message: string; status: number } };

/** All invoke channels (main registers exactly these; a test checks both sides agree). */
export const IPC_INVOKE_CHANNELS = Object.keys(IPC_INVOKE) as IpcInvokeChannel[];

export const IPC_EVENT_CHANNELS = Object.keys(IPC_EVENTS) as IpcEventChannel[];

/** The name the preload exposes its API under: `window.hitl`. */
export const BRIDGE_NAME = 'hitl';
