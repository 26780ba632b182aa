/**
 * Polls `check` until it returns a truthy value (returned) or `timeoutMs` passes (throws with
 * `what` in the message). For conditions with no event to await; never a fixed sleep.
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 10_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
