import { join } from 'node:path';
import { findQuestion, scanHandshakeDir } from '../adapters/clarity-file';
import { escapeControls } from '@contract/printable';
import { isStale, readHolder, type LockHolder } from '../service/owner-lock';
import { HANDSHAKE_LOCK } from '../service/watched-dirs';
import { resolveThroughBroker } from './broker-fallback';
import { CliError, ExitCode } from './options';

/** The broker that owns a handshake dir: its lock names a live process listening at `url`. */
export type DirBroker = LockHolder & { url: string };

/**
 * The live broker that owns `dir` (its owner lock is held by a running `serve` or desktop app
 * that records its URL), or undefined: no lock, a stale one, or a holder that is not a broker
 * (`clarity-hitl watch`, which expects answer files written next to it).
 */
export function dirBroker(dir: string): DirBroker | undefined {
  const holder = readHolder(join(dir, HANDSHAKE_LOCK));
  if (!holder || holder.by || !holder.url || holder.pid === process.pid || isStale(holder))
    return undefined;
  return { ...holder, url: holder.url };
}

/**
 * `answer` / `cancel` on a dir a broker owns: the broker answers (so its inbox, audit log and
 * answer file agree, and no second answer races it). A file name is turned into the question's
 * key first. `token` is the operator's `--token` (else the environment's or the discovery
 * file's). Returns the line to print; a broker that is not reachable or does not know the key is
 * a CliError (the file is never written behind its back).
 */
export async function resolveInOwningBroker(
  owner: DirBroker,
  dir: string,
  action: 'answer' | 'cancel',
  keyOrName: string,
  response: string | undefined,
  token?: string,
): Promise<string> {
  const entry = findQuestion(await scanHandshakeDir(dir), keyOrName);
  const key = entry?.question.key ?? keyOrName;
  // The broker deletes an answered file question's .question and keeps its .answer, as without it.
  const answeredFile = action === 'cancel' && entry?.answered;
  const result = await resolveThroughBroker(action, key, response, owner.url, token).catch(
    (error: unknown) => {
      if (answeredFile && error instanceof CliError && error.exitCode === ExitCode.conflict)
        return { handled: true as const, url: owner.url };
      throw error;
    },
  );
  if (!result.handled)
    throw new CliError(
      `${dir} is owned by the HITL broker (pid ${owner.pid}, ${owner.url}); ${result.why}`,
      ExitCode.notFound,
    );
  if (answeredFile)
    process.stderr.write(
      `${escapeControls(key)} was answered already; its answer stays in ${entry.answerFile} for the runtime\n`,
    );
  const done = action === 'answer' ? 'Answered' : 'Cancelled';
  return `${done} ${escapeControls(key)} through the broker at ${result.url} (it owns ${dir})\n`;
}
