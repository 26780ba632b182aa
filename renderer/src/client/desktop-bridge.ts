import type { HitlBridge } from '@contract/ipc/bridge';

/** The preload's `window.hitl` inside the desktop app; undefined in a browser. */
export function desktopBridge(): HitlBridge | undefined {
  return (globalThis as { hitl?: HitlBridge }).hitl;
}
