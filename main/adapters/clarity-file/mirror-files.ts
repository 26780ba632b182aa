import { createHash } from 'node:crypto';
import { withdraw } from '../../broker/withdraw';
import type { Broker } from '../../broker/broker';
import type { HitlRequest } from '@contract/request';
import { readAnswerFile, removeIfPresent, removeNow, type AnswerRead } from './answer-file';
import { writeFileAtomicSigned } from './atomic-write';
import { exists, existsNow, questionBaseName } from './handshake-dir';
import { readQuestionFile, sameSignature, statSignature, statSignatureNow } from './question-file';
import { safeKey } from './safe-key';
import { holdsOwnMirror, type Tracked, type TrackedBases } from './tracked-bases';

/** How many removed mirrors are remembered until the watch reports their removal back. */
const REMOVED_REMEMBERED = 1000;

export interface MirrorContext {
  broker: Broker;
  bases: TrackedBases;
  questionPath: (base: string) => string;
  answerPath: (base: string) => string;
  recheck: (base: string) => void;
  /** False once the directory was replaced: nothing is written there any more. */
  dirUsable: () => boolean;
  /** False for an answer file that may still be being written (see the adapter). */
  usableAnswer: (base: string, answer: AnswerRead) => boolean;
  /** Answers the request with the text of the `.answer` next to its mirror (AnswerIntake). */
  takeAnswer: (base: string, id: string, text: string) => void;
}

/**
 * Question files for requests born elsewhere (Clarity HTTP mode), so file tools see them. The
 * file carries `mirrorOf: <request id>` so no watcher mistakes it for a runtime's question.
 */
export class MirrorFiles {
  /** Base names whose mirror this broker removed, until the watch reports the removal back. */
  private readonly removed = new Set<string>();

  constructor(private readonly c: MirrorContext) {}

  /** Whether `name` is the question file of a mirror written here (or about to be). */
  ownFile(name: string): boolean {
    const base = questionBaseName(name);
    if (base === undefined) return false;
    return holdsOwnMirror(this.c.bases.get(base), () =>
      statSignatureNow(this.c.questionPath(base)),
    );
  }

  /**
   * Whether a watch event on `name` only reports this broker's own change: the question file of
   * a written mirror that is still the file written, or of a mirror removed that is still absent.
   */
  ownEcho(name: string): boolean {
    const base = questionBaseName(name);
    if (base === undefined) return false;
    const path = this.c.questionPath(base);
    const entry = this.c.bases.get(base);
    if (this.removed.delete(base) && entry?.kind !== 'file') {
      // Removed here (the watch may report it before remove() has forgotten the entry). Present
      // again, the file is someone else's: this and any later event on the name count.
      if (!existsNow(path)) return true;
    }
    // Written (a mirror not written yet is "own" to holdsOwnMirror, but its events count).
    if (!entry?.ready || !entry.signature) return false;
    return holdsOwnMirror(entry, () => statSignatureNow(path));
  }

  /**
   * Writes `{safeKey}.question` (or `{safeKey}-2`... when taken) for a pending request. The name
   * is claimed at once, before the first await (so `filesOf` gives it to a reply being built);
   * the file is written once `ready` resolves (e.g. once that reply is sent).
   */
  async write(request: HitlRequest, ready?: PromiseLike<unknown>): Promise<void> {
    const claimed = this.claim(request);
    if (!claimed) return;
    const { base, entry } = claimed;
    if (ready) await ready;
    if (this.c.bases.get(base) !== entry) return;
    // Resolved meanwhile (the UI, a deadline): there is nothing left to mirror.
    if (this.c.broker.get(request.id)?.status !== 'pending')
      return this.c.bases.delete(base, entry);
    const body = {
      key: request.key,
      question: request.prompt,
      timestamp: request.createdAt,
      pid: process.pid,
      mirrorOf: request.id,
    };
    if (!this.c.dirUsable()) return this.c.bases.delete(base, entry);
    try {
      entry.signature = await writeFileAtomicSigned(
        this.c.questionPath(base),
        JSON.stringify(body, null, 2) + '\n',
      );
    } catch (error) {
      this.c.bases.delete(base, entry);
      throw error;
    }
    entry.ready = true;
    if (this.c.broker.get(request.id)?.status !== 'pending') await this.remove(base);
    else if (entry.missed) this.c.recheck(base);
  }

  /** Picks a free base name for the request's mirror and tracks it (not ready yet). */
  private claim(request: HitlRequest): { base: string; entry: Tracked } | undefined {
    const { bases } = this.c;
    if (request.status !== 'pending' || bases.hasRequest(request.id) || !this.c.dirUsable())
      return undefined;
    const safe = mirrorBase(request.key);
    let base = safe;
    for (
      let n = 2;
      bases.has(base) || existsNow(this.c.questionPath(base)) || existsNow(this.c.answerPath(base));
      n++
    ) {
      base = `${safe}-${n}`;
    }
    // A new file at this name: a removal reported from now on is someone else's.
    this.removed.delete(base);
    return {
      base,
      entry: bases.set(base, { requestId: request.id, kind: 'mirror', ready: false }),
    };
  }

  /** An `.answer` next to the mirror answers the request; the mirror deleted by someone cancels it. */
  async reconcile(base: string, entry: Tracked): Promise<void> {
    const { broker } = this.c;
    if (!entry.ready) {
      // e.g. an `.answer` written before the mirror is: write() looks again once it is.
      entry.missed = true;
      return;
    }
    if (broker.get(entry.requestId)?.status !== 'pending') return;
    // The watch reports the broker's own write back (fs.watch, chokidar, the recheck after
    // writing): while the file is still the one written, only the answer file needs a look.
    const own = sameSignature(entry.signature, await statSignature(this.c.questionPath(base)));
    if (!own && !(await exists(this.c.questionPath(base)))) {
      await withdraw(broker, entry.requestId, {
        status: 'cancelled',
        by: 'cli',
        reason: 'mirror question file deleted',
      });
      return;
    }
    const read = own ? undefined : readQuestionFile(this.c.questionPath(base));
    if (read?.ok && read.question.mirrorOf !== entry.requestId) {
      // A runtime wrote its own question over the mirror (its key has the same file name): the
      // file is the runtime's now. The adapter reads it as such; the mirror moves to a free name.
      this.c.bases.delete(base, entry);
      this.c.recheck(base);
      const request = broker.get(entry.requestId);
      if (request?.status === 'pending') await this.write(request);
      return;
    }
    const answer = await readAnswerFile(this.c.answerPath(base));
    if (
      answer.ok &&
      this.c.usableAnswer(base, answer) &&
      broker.get(entry.requestId)?.status === 'pending'
    ) {
      this.c.takeAnswer(base, entry.requestId, answer.text);
    }
  }

  /** A mirror file left by an earlier run: adopt it if its request is pending again, else remove it. */
  async adoptStale(base: string, requestId: string): Promise<void> {
    const { bases } = this.c;
    if (bases.hasRequest(requestId)) return;
    if (this.c.broker.get(requestId)?.status === 'pending') {
      return this.reconcile(base, bases.set(base, { requestId, kind: 'mirror', ready: true }));
    }
    await removeIfPresent(this.c.questionPath(base));
    await removeIfPresent(this.c.answerPath(base));
  }

  /** The request left pending: both mirror files go. */
  async remove(base: string): Promise<void> {
    const entry = this.c.bases.get(base);
    if (!this.c.dirUsable()) return;
    // Noted first, for the watch's report of the removal. Not there (someone else removed it):
    // no echo will come, and the note would hide a later runtime's removal.
    this.noteRemoved(base);
    if (!removeNow(this.c.questionPath(base))) this.removed.delete(base);
    // Seldom there: a look is cheaper than the error an unlink of a missing file builds.
    if (existsNow(this.c.answerPath(base))) removeNow(this.c.answerPath(base));
    if (entry) this.c.bases.delete(base, entry);
  }

  private noteRemoved(base: string): void {
    this.removed.delete(base);
    if (this.removed.size >= REMOVED_REMEMBERED) {
      // The oldest: their echoes were lost (no watch) or are long past.
      for (const old of this.removed) {
        this.removed.delete(old);
        if (this.removed.size < REMOVED_REMEMBERED / 2) break;
      }
    }
    this.removed.add(base);
  }
}

/** Longest mirror base: `{base}-NN.question` stays well under the 255-byte name limit. */
const MAX_MIRROR_BASE = 200;

/**
 * The base name of a request's mirror: the runtime's safeKey, or for a key too long to be a file
 * name its start and a hash of the whole key (mirrors are the broker's own files; the name only
 * has to be unique and readable).
 */
export function mirrorBase(key: string): string {
  const safe = safeKey(key);
  if (safe.length <= MAX_MIRROR_BASE) return safe;
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 16);
  return `${safe.slice(0, MAX_MIRROR_BASE - hash.length - 1)}-${hash}`;
}
