/**
 * Resolves once the page has shown two frames (or after `maxWaitMs`, for a hidden tab, where
 * frames never come): work started then cannot hold up the first paint. Code imported during the
 * first render would otherwise arrive, compile and run before the first frame is out.
 */
export function afterFirstFrames(maxWaitMs = 300): Promise<void> {
  const raf = (globalThis as { requestAnimationFrame?: (cb: () => void) => number })
    .requestAnimationFrame;
  if (!raf) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    raf(() =>
      raf(() =>
        setTimeout(() => {
          clearTimeout(timer);
          resolve();
        }, 0),
      ),
    );
  });
}
