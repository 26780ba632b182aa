/**
 * Resolves once the page has shown `frames` frames (a task queued from the last
 * requestAnimationFrame), or after `maxWaitMs` when no frame comes (a hidden tab gets none), or
 * at once where there are no frames at all. Work started then cannot hold up those frames.
 */
export function afterFrames(frames: number, maxWaitMs: number): Promise<void> {
  const raf = (globalThis as { requestAnimationFrame?: (cb: () => void) => number })
    .requestAnimationFrame;
  if (!raf) return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, maxWaitMs);
    const frame = (left: number) =>
      raf(() => {
        if (left > 1) return frame(left - 1);
        setTimeout(() => {
          clearTimeout(fallback);
          resolve();
        }, 0);
      });
    frame(frames);
  });
}

/** Runs `fn` after the next frame has painted (or 200 ms without frames): see afterFrames. */
export function afterNextPaint(fn: () => void, maxWaitMs = 200): void {
  void afterFrames(1, maxWaitMs).then(fn);
}

/**
 * Resolves once the page has shown two frames (at most 300 ms): code imported during the first
 * render would otherwise arrive, compile and run before the first frame is out.
 */
export function afterFirstFrames(): Promise<void> {
  return afterFrames(2, 300);
}
