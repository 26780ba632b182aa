// The desktop preload (issue 5) exposes one named function per IPC channel via contextBridge.
export {};
