import { mkdir, readdir } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { Broker, BrokerEvent } from '../../broker/broker';
import { AlreadyResolvedError, DuplicateRequestError } from '../../broker/errors';
import type { HitlRequest } from '../../broker/request';
import { readAnswerFile, removeIfPresent } from './answer-file';
import { writeFileAtomic } from './atomic-write';
import { answerBaseName, exists, questionBaseName, questionCreatedAt } from './handshake-dir';
import { KeyedRunner } from './keyed-runner';
import { ANSWER_EXT, QUESTION_EXT, readQuestionFile, sameSignature, type FileSignature, type QuestionRead } from './question-file';
import { safeKey } from './safe-key';

export interface InvalidQuestionFile {
  /** File name inside the handshake directory. */
  file: string;
  reason: string;
  at: number;
}

export interface ClarityFileAdapterOptions {
  dir: string;
  broker: Broker;
  /** Called once per invalid file (again only after it was fixed or removed and broke anew). */
  onInvalid?: (invalid: InvalidQuestionFile) => void;
  /** Called after an answer file was renamed into place (the moment a runtime can read it). */
  onAnswerWritten?: (request: HitlRequest, file: string) => void;
  /** File-system errors the adapter survived (it keeps running). */
  onError?: (error: unknown) => void;
  now?: () => number;
  /** How long a file that looks half-written may stay unparseable after its last change. Default 300 ms. */
  invalidGraceMs?: number;
}

interface Tracked {
  requestId: string;
  kind: 'file' | 'mirror';
  signature?: FileSignature;
  /** Mirrors only: false until the mirror file is on disk. */
  ready: boolean;
}

const SCAN_CONCURRENCY = 32;

/**
 * The Clarity file handshake: every `{dir}/{name}.question` is a pending `clarity-file` request;
 * answering it writes `{name}.answer` atomically; cancelling it deletes the question; the runtime
 * deleting the question takes the request out of pending. Also mirrors requests born elsewhere as
 * question files so file tools can see and answer them.
 */
export class ClarityFileAdapter {
  readonly dir: string;
  private readonly broker: Broker;
  private readonly now: () => number;
  private readonly graceMs: number;
  private readonly runner: KeyedRunner;
  private readonly tracked = new Map<string, Tracked>();
  private readonly baseById = new Map<string, string>();
  private readonly invalid = new Map<string, InvalidQuestionFile>();
  private readonly graceTimers = new Map<string, NodeJS.Timeout>();
  private readonly graceOver = new Set<string>();
  private readonly answeredFromFile = new Set<string>();
  private readonly operations = new Set<Promise<void>>();
  private watcher: FSWatcher | undefined;
  private unsubscribe: (() => void) | undefined;
  private scanning = false;
  private closed = false;

  private constructor(private readonly options: ClarityFileAdapterOptions) {
    this.dir = resolve(options.dir);
    this.broker = options.broker;
    this.now = options.now ?? Date.now;
    this.graceMs = options.invalidGraceMs ?? 300;
    this.runner = new KeyedRunner((base) => this.reconcile(base), (error) => this.reportError(error));
  }

  /** Creates the directory if needed, starts watching, scans what is already there; resolves when ready. */
  static async start(options: ClarityFileAdapterOptions): Promise<ClarityFileAdapter> {
    const adapter = new ClarityFileAdapter(options);
    try {
      await adapter.begin();
    } catch (error) {
      await adapter.close();
      throw error;
    }
    return adapter;
  }

  /** Files that are currently invalid, in the order they were found. */
  invalidFiles(): InvalidQuestionFile[] {
    return [...this.invalid.values()];
  }

  /** Mirrors a request born elsewhere (e.g. Clarity HTTP mode) as a question file. See the README. */
  async mirror(request: HitlRequest): Promise<void> {
    if (this.closed || request.status !== 'pending' || this.baseById.has(request.id)) return;
    const safe = safeKey(request.key);
    let base = safe;
    for (let n = 2; this.tracked.has(base) || (await exists(this.questionPath(base))) || (await exists(this.answerPath(base))); n++) {
      base = `${safe}-${n}`;
    }
    if (this.baseById.has(request.id)) return;
    const entry: Tracked = { requestId: request.id, kind: 'mirror', ready: false };
    this.tracked.set(base, entry);
    this.baseById.set(request.id, base);
    const body = { key: request.key, question: request.prompt, timestamp: request.createdAt, pid: process.pid, mirrorOf: request.id };
    await writeFileAtomic(this.questionPath(base), JSON.stringify(body, null, 2) + '\n');
    entry.ready = true;
    if (this.broker.get(request.id)?.status !== 'pending') await this.removeMirror(base);
    else void this.runner.request(base);
  }

  /** Resolves when every file operation started so far has finished (handy for tests and benchmarks). */
  async whenIdle(): Promise<void> {
    while (this.operations.size > 0) await Promise.all([...this.operations]);
    await this.runner.idle();
    while (this.operations.size > 0) await Promise.all([...this.operations]);
  }

  /** Stops watching. Pending requests stay pending in the broker. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe?.();
    for (const timer of this.graceTimers.values()) clearTimeout(timer);
    this.graceTimers.clear();
    await this.watcher?.close();
    await this.whenIdle();
  }

  private async begin(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    this.unsubscribe = this.broker.subscribe((event) => this.onBrokerEvent(event));
    const watcher = watch(this.dir, {
      ignoreInitial: true,
      followSymlinks: false,
      atomic: false,
      depth: 0,
      ignored: (path) => path !== this.dir && baseOfPath(path) === undefined,
    });
    this.watcher = watcher;
    watcher.on('all', (event, path) => {
      const base = baseOfPath(path);
      if (base === undefined) return;
      if ((event === 'add' || event === 'change') && path.endsWith(QUESTION_EXT)) this.graceOver.delete(base);
      void this.runner.request(base);
    });
    watcher.on('error', (error) => this.reportError(error));
    await new Promise<void>((ready) => watcher.once('ready', ready));
    this.scanning = true;
    try {
      const bases = [...new Set((await readdir(this.dir)).map(baseOfName).filter((b): b is string => b !== undefined))];
      let next = 0;
      const worker = async () => {
        while (next < bases.length) await this.runner.request(bases[next++]!);
      };
      await Promise.all(Array.from({ length: SCAN_CONCURRENCY }, worker));
    } finally {
      this.scanning = false;
    }
  }

  /** Brings one base name's request in line with what is on disk. Runs one at a time per base. */
  private async reconcile(base: string): Promise<void> {
    if (this.closed) return;
    const entry = this.tracked.get(base);
    if (entry?.kind === 'mirror') return this.reconcileMirror(base, entry);
    const read = await readQuestionFile(this.questionPath(base));
    if (!read.ok && read.missing) {
      this.forgetInvalid(base);
      if (entry) this.retire(base, entry);
      return;
    }
    if (entry) {
      if (read.ok && (sameSignature(entry.signature, read.signature) || this.sameQuestion(entry, read))) {
        entry.signature = read.signature;
        return this.takeExternalAnswer(base, entry);
      }
      if (!read.ok && read.transient && !this.graceOver.has(base)) return this.armGrace(base);
      this.retire(base, entry);
    }
    if (!read.ok) {
      if (read.transient && !this.graceOver.has(base)) return this.armGrace(base);
      return this.markInvalid(base, read.reason);
    }
    this.clearGrace(base);
    const question = read.question;
    if (question.mirrorOf !== undefined) return this.adoptStaleMirror(base, question.mirrorOf);
    const duplicate = this.broker.findPending('clarity-file', question.key);
    if (duplicate) {
      return this.markInvalid(base, `has key ${JSON.stringify(question.key)}, already pending from ${String(duplicate.meta?.baseName)}${QUESTION_EXT}`);
    }
    const answer = await readAnswerFile(this.answerPath(base));
    if (this.closed || this.tracked.has(base)) return;
    let request: HitlRequest;
    try {
      request = this.broker.add({
        source: 'clarity-file',
        key: question.key,
        prompt: question.question,
        createdAt: questionCreatedAt(question, read.signature.mtimeMs, this.now()),
        ...(question.pid !== undefined ? { agent: { id: `clarity:${question.pid}`, runtime: 'clarity' } } : {}),
        meta: { baseName: base, questionFile: this.questionPath(base), dir: this.dir, pid: question.pid },
      });
    } catch (error) {
      if (error instanceof DuplicateRequestError) return this.markInvalid(base, `has key ${JSON.stringify(question.key)}, already pending`);
      throw error;
    }
    this.forgetInvalid(base);
    const created: Tracked = { requestId: request.id, kind: 'file', signature: read.signature, ready: true };
    this.tracked.set(base, created);
    this.baseById.set(request.id, base);
    if (answer.ok) this.answerFromFile(request.id, answer.text, this.scanning ? 'system' : 'cli');
  }

  private sameQuestion(entry: Tracked, read: QuestionRead & { ok: true }): boolean {
    const request = this.broker.get(entry.requestId);
    return !!request && request.status === 'pending' && request.key === read.question.key && request.prompt === read.question.question;
  }

  /** An `.answer` written by another process answers the pending request (resolvedBy cli). */
  private async takeExternalAnswer(base: string, entry: Tracked): Promise<void> {
    if (this.broker.get(entry.requestId)?.status !== 'pending') return;
    const answer = await readAnswerFile(this.answerPath(base));
    if (answer.ok) this.answerFromFile(entry.requestId, answer.text, 'cli');
    else if (!answer.missing) this.markInvalid(base, answer.reason, base + ANSWER_EXT);
  }

  private answerFromFile(id: string, text: string, by: 'cli' | 'system'): void {
    if (this.broker.get(id)?.status !== 'pending') return;
    this.answeredFromFile.add(id);
    try {
      this.broker.answer(id, { text }, by);
    } catch (error) {
      this.answeredFromFile.delete(id);
      if (!(error instanceof AlreadyResolvedError)) throw error;
    }
  }

  /** The question file is gone (or replaced): its request leaves pending if it has not already. */
  private retire(base: string, entry: Tracked): void {
    this.tracked.delete(base);
    this.baseById.delete(entry.requestId);
    if (this.broker.get(entry.requestId)?.status === 'pending') {
      try {
        this.broker.expire(entry.requestId, 'agent');
      } catch (error) {
        if (!(error instanceof AlreadyResolvedError)) throw error;
      }
    }
  }

  private async reconcileMirror(base: string, entry: Tracked): Promise<void> {
    const request = this.broker.get(entry.requestId);
    if (!entry.ready || request?.status !== 'pending') return;
    if (!(await exists(this.questionPath(base)))) {
      if (this.broker.get(entry.requestId)?.status !== 'pending') return;
      this.broker.cancel(entry.requestId, { by: 'cli', reason: 'mirror question file deleted' });
      return;
    }
    const answer = await readAnswerFile(this.answerPath(base));
    if (answer.ok && this.broker.get(entry.requestId)?.status === 'pending') this.broker.answer(entry.requestId, { text: answer.text }, 'cli');
  }

  /** A mirror file left by an earlier run: adopt it if its request is pending again, else remove it. */
  private async adoptStaleMirror(base: string, requestId: string): Promise<void> {
    if (this.broker.get(requestId)?.status === 'pending' && !this.baseById.has(requestId)) {
      this.tracked.set(base, { requestId, kind: 'mirror', ready: true });
      this.baseById.set(requestId, base);
      return this.reconcileMirror(base, this.tracked.get(base)!);
    }
    if (!this.baseById.has(requestId)) {
      await removeIfPresent(this.questionPath(base));
      await removeIfPresent(this.answerPath(base));
    }
  }

  private onBrokerEvent(event: BrokerEvent): void {
    if (event.type === 'added' || event.type === 'updated') return;
    const base = this.baseById.get(event.request.id);
    const entry = base === undefined ? undefined : this.tracked.get(base);
    if (base === undefined || !entry) return;
    if (entry.kind === 'mirror') {
      if (entry.ready) this.track(this.removeMirror(base));
      return;
    }
    if (event.type === 'answered') {
      if (this.answeredFromFile.delete(event.request.id)) return;
      this.track(this.writeAnswer(base, event.request));
    } else if (event.type === 'cancelled') {
      this.track(removeIfPresent(this.questionPath(base)));
    }
  }

  private async writeAnswer(base: string, request: HitlRequest): Promise<void> {
    const file = this.answerPath(base);
    await writeFileAtomic(file, request.answer?.text ?? '');
    this.options.onAnswerWritten?.(request, file);
    // The runtime may have given up (deleted its question) just before: never leave an orphan
    // answer that a later question with the same key would pick up.
    if (!(await exists(this.questionPath(base)))) await removeIfPresent(file);
  }

  private async removeMirror(base: string): Promise<void> {
    const entry = this.tracked.get(base);
    await removeIfPresent(this.questionPath(base));
    await removeIfPresent(this.answerPath(base));
    if (entry && this.tracked.get(base) === entry) {
      this.tracked.delete(base);
      this.baseById.delete(entry.requestId);
    }
  }

  private markInvalid(base: string, reason: string, file = base + QUESTION_EXT): void {
    this.clearGrace(base);
    if (this.invalid.has(file)) return;
    const invalid: InvalidQuestionFile = { file, reason: `${file} ${reason}`, at: this.now() };
    this.invalid.set(file, invalid);
    this.options.onInvalid?.(invalid);
  }

  private forgetInvalid(base: string): void {
    this.clearGrace(base);
    this.invalid.delete(base + QUESTION_EXT);
    this.invalid.delete(base + ANSWER_EXT);
  }

  /** Waits for the next change; if none comes within the grace period, reads once more, for good. */
  private armGrace(base: string): void {
    this.clearGrace(base);
    const timer = setTimeout(() => {
      this.graceTimers.delete(base);
      this.graceOver.add(base);
      void this.runner.request(base);
    }, this.graceMs);
    timer.unref?.();
    this.graceTimers.set(base, timer);
  }

  private clearGrace(base: string): void {
    const timer = this.graceTimers.get(base);
    if (timer) clearTimeout(timer);
    this.graceTimers.delete(base);
  }

  private track(operation: Promise<void>): void {
    const tracked = operation.catch((error) => this.reportError(error)).finally(() => this.operations.delete(tracked));
    this.operations.add(tracked);
  }

  private reportError(error: unknown): void {
    this.options.onError?.(error);
  }

  private questionPath(base: string): string {
    return join(this.dir, base + QUESTION_EXT);
  }

  private answerPath(base: string): string {
    return join(this.dir, base + ANSWER_EXT);
  }
}

/** The base name a handshake file name belongs to, or undefined for files the adapter ignores. */
function baseOfName(name: string): string | undefined {
  if (name.startsWith('.')) return undefined;
  return questionBaseName(name) ?? answerBaseName(name);
}

function baseOfPath(path: string): string | undefined {
  return baseOfName(basename(path));
}
