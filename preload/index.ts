// The desktop preload: sandboxed, context-isolated. Exposes `window.hitl` with one named
// function per IPC channel (preload/ipc/bridge.ts) and nothing raw.
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_NAME } from '@contract/ipc/channels';
import { createBridgeApi } from './bridge-api';

contextBridge.exposeInMainWorld(BRIDGE_NAME, createBridgeApi(ipcRenderer));
