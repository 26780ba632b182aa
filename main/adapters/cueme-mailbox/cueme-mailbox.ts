import { withdraw } from '../../broker/withdraw';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Broker, BrokerEvent } from '../../broker/broker';
import type { HitlRequest } from '@contract/request';
import { cuemeReply } from '../cueme/cueme-reply';
import { isMailboxRequest, mailboxRequest } from './mailbox-request';
import { startWorker, WorkerUnavailableError, type WorkerHost } from './worker-host';
import { MailboxDelivery, type MailboxRetry } from './mailbox-delivery';
import { MailboxProblems } from './mailbox-problems';
import { WorkerMessageSchema, type MailboxCue } from './worker-messages';

/** The original cueme's mailbox: `~/.cue/cue.db`. */
export function defaultCuemeDbPath(home = os.homedir()): string {
  return path.join(home, '.cue', 'cue.db');
}

export interface CuemeMailboxOptions {
  broker: Broker;
  dbPath: string;
  /** One line per problem that did not stop the broker. */
  warn: (message: string) => void;
  /** How often to look for a mailbox that does not exist yet (default 1 s). */
  checkMs?: number;
  start?: (dbPath: string) => WorkerHost;
  /** How an answer that could not be written is retried. */
  retry?: MailboxRetry;
}

/**
 * Serves the original cueme's SQLite mailbox: its unanswered cues become inbox requests within a
 * second, the operator's answer is written back where cueme reads it, and a cue answered
 * elsewhere (another console, cueme's own timeout) leaves the inbox. Optional: when SQLite cannot
 * be had here it says so in one line and the broker runs without it.
 */
export class CuemeMailbox {
  private host: WorkerHost | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  /** Request ids we wrote an answer for; they stay out of the inbox while the mailbox catches up. */
  private readonly written = new Set<string>();
  private stopped = false;
  private readonly delivery: MailboxDelivery;
  private readonly problems: MailboxProblems;

  constructor(private readonly options: CuemeMailboxOptions) {
    const { broker, dbPath } = options;
    // Answers written into the mailbox report their delivery (they share `cueme` with cue-request.ts).
    broker.deliveries.expect('cueme');
    this.delivery = new MailboxDelivery(
      { ledger: broker.deliveries, board: broker.unreadable },
      dbPath,
      (command) => (this.host ? (this.host.post(command), true) : false),
      options.retry,
    );
    this.problems = new MailboxProblems(broker.unreadable, dbPath);
    this.unsubscribe = options.broker.subscribe((event) => this.onBrokerEvent(event));
    this.timer = setInterval(() => this.tryStart(), options.checkMs ?? 1000);
    this.timer.unref();
    this.tryStart();
  }

  /** True once the worker serves the mailbox. */
  get serving(): boolean {
    return this.host !== undefined;
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.unsubscribe();
    this.delivery.close();
    this.problems.clear();
    const host = this.host;
    this.host = undefined;
    await host?.stop();
  }

  private tryStart(): void {
    if (this.stopped || this.host || !existsSync(this.options.dbPath)) return;
    clearInterval(this.timer);
    const { dbPath, warn } = this.options;
    try {
      const host = (this.options.start ?? startWorker)(dbPath);
      host.onMessage((message) => this.onWorkerMessage(message));
      host.onExit((detail) => {
        this.host = undefined;
        warn(`cueme mailbox ${dbPath} is no longer served: ${detail}`);
      });
      this.host = host;
    } catch (error) {
      const reason = error instanceof WorkerUnavailableError ? error.message : String(error);
      warn(`cueme mailbox ${dbPath} is not served: ${reason}`);
    }
  }

  private onWorkerMessage(raw: unknown): void {
    const parsed = WorkerMessageSchema.safeParse(raw);
    if (!parsed.success) return this.options.warn('cueme mailbox: the worker sent a bad message');
    const message = parsed.data;
    if (message.type === 'error') this.options.warn(`cueme mailbox: ${message.message}`);
    else if (message.type === 'written') {
      if (!message.ok)
        this.options.warn(
          `cueme mailbox: could not answer ${message.requestId}: ${message.detail}`,
        );
      this.delivery.outcome(message.requestId, message);
    } else if (message.type === 'pending') this.sync(this.problems.sort(message));
  }

  /** Brings the inbox in line with the mailbox's unanswered cues. */
  private sync(cues: MailboxCue[]): void {
    const { broker } = this.options;
    const ids = new Set(cues.map((c) => c.requestId));
    for (const id of this.written) if (!ids.has(id)) this.written.delete(id);
    for (const request of broker.pending()) {
      if (isMailboxRequest(request) && !ids.has(request.key)) {
        void withdraw(broker, request.id, {
          status: 'cancelled',
          reason: 'answered elsewhere',
          by: 'system',
        });
      }
    }
    const now = Date.now();
    const unwritten = this.unwrittenAnswers(ids);
    for (const cue of cues) {
      if (this.written.has(cue.requestId) || broker.findPending('cueme', cue.requestId)) continue;
      const answered = unwritten.get(cue.requestId);
      if (answered) {
        // Answered before a restart and never written: written now, not asked again.
        this.written.add(cue.requestId);
        this.delivery.deliver(cuemeReply(answered), { id: answered.id, verb: 'answered' });
        continue;
      }
      const request = mailboxRequest(cue, now);
      // cueme itself gave up on it: nobody would read the answer.
      if (request.expiresAt !== undefined && request.expiresAt <= now) continue;
      try {
        broker.add(request);
      } catch (error) {
        this.options.warn(`cueme mailbox: cue ${cue.requestId} not shown: ${String(error)}`);
      }
    }
  }

  /** Answers to these cues whose delivery is still open (given before the broker restarted). */
  private unwrittenAnswers(cueIds: Set<string>): Map<string, HitlRequest> {
    const found = new Map<string, HitlRequest>();
    for (const request of this.options.broker.deliveries.undelivered('cueme'))
      if (cueIds.has(request.key) && !this.delivery.pending(request.key))
        found.set(request.key, request);
    return found;
  }

  private onBrokerEvent(event: BrokerEvent): void {
    const { request } = event;
    if (!isMailboxRequest(request) || request.resolvedBy === 'system') return;
    if (event.type !== 'answered' && event.type !== 'cancelled') return;
    if (!this.host)
      this.options.warn(`cueme mailbox: ${request.key} resolved while the mailbox is not served`);
    this.written.add(request.key);
    this.delivery.deliver(cuemeReply(request), { id: request.id, verb: event.type });
  }
}
