// The Electron main process entry (issue 5).
export {};
