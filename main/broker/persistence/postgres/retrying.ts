/**
 * True for errors that mean "the database is not reachable right now" (connection refused or
 * reset, server shutting down or starting up): worth retrying. Anything else (a constraint, bad
 * SQL) is not.
 */
export function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return error instanceof Error;
  return /^E[A-Z]/.test(code) || code.startsWith('08') || code.startsWith('57P');
}

/**
 * Runs `op` until it succeeds, waiting 50 ms, 100 ms, … (at most 2 s) between attempts while the
 * failure is transient and `until()` is not yet true; otherwise throws the last error.
 */
export async function retrying<T>(
  op: () => Promise<T>,
  options: { until: () => boolean },
): Promise<T> {
  let delay = 50;
  for (;;) {
    try {
      return await op();
    } catch (error) {
      if (!isTransient(error) || options.until()) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 2000);
    }
  }
}
