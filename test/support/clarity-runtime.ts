import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The runtime's own file-name rule (deliberately not imported from the code under test). */
function runtimeSafeKey(key: string): string {
  return key.replace(/[^a-zA-Z0-9_-]/g, '_');
}

export interface AskOptions {
  dir: string;
  key: string;
  question: string;
  /** Give up after this long (the runtime's CLARITY_HITL_TIMEOUT_SECS). Default 15 s. */
  timeoutMs?: number;
  /** How often to look for the answer. Default 10 ms. */
  pollMs?: number;
  /** Write the question in two halves with a pause, like a slow non-atomic writer. */
  splitWriteMs?: number;
  signal?: AbortSignal;
}

export const TIMEOUT_ANSWER = '[hitl_ask timeout]';

/**
 * Behaves like the Clarity runtime's `hitl_ask`: writes `{safeKey}.question`, polls for
 * `{safeKey}.answer`, reads + trims + deletes it, deletes its question and returns the answer.
 * On timeout (or abort) it deletes its question and returns `[hitl_ask timeout]`.
 */
export async function hitlAsk(options: AskOptions): Promise<string> {
  const base = join(options.dir, runtimeSafeKey(options.key));
  const questionFile = `${base}.question`;
  const answerFile = `${base}.answer`;
  const body = JSON.stringify({
    key: options.key,
    question: options.question,
    timestamp: Date.now(),
    pid: process.pid,
  });
  if (options.splitWriteMs !== undefined) {
    const half = Math.floor(body.length / 2);
    await writeFile(questionFile, body.slice(0, half));
    await sleep(options.splitWriteMs);
    await writeFile(questionFile, body);
  } else {
    await writeFile(questionFile, body);
  }
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const pollMs = options.pollMs ?? 10;
  while (Date.now() < deadline && !options.signal?.aborted) {
    try {
      const text = await readFile(answerFile, 'utf8');
      await rm(answerFile, { force: true });
      await rm(questionFile, { force: true });
      return text.trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await sleep(pollMs);
  }
  await rm(questionFile, { force: true });
  return TIMEOUT_ANSWER;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
