import { escapeControls } from '@contract/printable';
import { createInterface, type Interface } from 'node:readline';
import type { Broker, BrokerEvent } from '../../broker/broker';
import { AlreadyResolvedError } from '../../broker/errors';
import type { HitlRequest } from '@contract/request';
import type { Paint } from './colors';
import { ANSWER_PROMPT, renderPromptBox } from './prompt-box';
import { formatAge } from './text';

export interface WatchSessionOptions {
  broker: Broker;
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream;
  paint: Paint;
  /** Answer every question with an empty approval instead of asking (stdin is not read). */
  autoApprove?: boolean;
  /** Skip questions older than this many seconds when their turn comes. */
  timeoutSecs?: number;
  /** Resolves once the answer just given is on disk (the adapter's whenIdle). */
  settle: () => Promise<void>;
  /** Ctrl-C typed at the prompt of an interactive terminal. */
  onInterrupt?: () => void;
  now?: () => number;
}

/**
 * The interactive side of `clarity-hitl watch`: one boxed prompt at a time, questions queued in
 * arrival order, one stdin line per answer. Lines piped in before a question is shown wait for
 * it (`echo yes | clarity-hitl watch` answers the next question, then exits); on a terminal they
 * are dropped (a stray Enter must not approve a question not yet seen).
 */
export class WatchSession {
  /** Resolves when stdin ended and every line read has been used (never with --auto-approve). */
  readonly done: Promise<void>;
  private readonly queue: string[] = [];
  private readonly lines: string[] = [];
  private readonly now: () => number;
  private readonly interactive: boolean;
  private current: HitlRequest | undefined;
  private answering: string | undefined;
  private busy = false;
  private ended = false;
  private rl: Interface | undefined;
  private unsubscribe: (() => void) | undefined;
  private finish!: () => void;

  constructor(private readonly o: WatchSessionOptions) {
    this.now = o.now ?? Date.now;
    this.interactive = o.input.isTTY === true;
    this.done = new Promise((resolve) => (this.finish = resolve));
  }

  /** Queues what is already pending (oldest first), then follows the broker. */
  start(): void {
    this.unsubscribe = this.o.broker.subscribe((event) => this.onEvent(event));
    for (const request of this.o.broker.pending()) this.enqueue(request);
    if (!this.o.autoApprove) {
      this.rl = createInterface({
        input: this.o.input,
        output: this.interactive ? this.o.output : undefined,
        terminal: this.interactive,
      });
      this.rl.on('line', (line) => this.onLine(line));
      this.rl.on('close', () => {
        this.ended = true;
        this.maybeFinish();
      });
      this.rl.on('SIGINT', () => this.o.onInterrupt?.());
    }
    void this.pump();
  }

  /**
   * Arrival order is the order the agents asked in (the request's createdAt, from the question's
   * timestamp), so two files processed in a different order than written still queue correctly.
   */
  private enqueue(request: HitlRequest): void {
    const createdAt = (id: string) => this.o.broker.get(id)?.createdAt ?? 0;
    let at = this.queue.length;
    while (at > 0 && createdAt(this.queue[at - 1]!) > request.createdAt) at--;
    this.queue.splice(at, 0, request.id);
  }

  stop(): void {
    this.unsubscribe?.();
    this.rl?.close();
  }

  private onEvent(event: BrokerEvent): void {
    const id = event.request.id;
    if (event.type === 'added') {
      this.enqueue(event.request);
      void this.pump();
      return;
    }
    if (event.type === 'updated' || id === this.answering) return;
    if (this.current?.id === id) {
      this.current = undefined;
      if (this.interactive) this.rl?.write(null, { ctrl: true, name: 'u' });
      const how = `${event.request.status}${event.request.resolvedBy ? ` by ${event.request.resolvedBy}` : ''}`;
      this.print(
        this.o.paint.yellow(`⚠ ${this.label(event.request)} was withdrawn (${how}); skipped`),
      );
      void this.pump();
    }
  }

  private onLine(line: string): void {
    if (this.current && !this.busy) return void this.answer(this.current, line);
    if (this.interactive)
      this.print(this.o.paint.dim('(no question on screen; that line was ignored)'));
    else this.lines.push(line);
  }

  private async answer(
    request: HitlRequest,
    text: string,
    by: 'cli' | 'auto' = 'cli',
  ): Promise<void> {
    this.busy = true;
    this.current = undefined;
    this.answering = request.id;
    try {
      await this.o.broker.answerShared(request.id, { text }, by);
      await this.o.settle();
      const what =
        text === ''
          ? 'empty approval'
          : JSON.stringify(text.length > 60 ? `${text.slice(0, 59)}…` : text);
      const waited = formatAge(this.now() - request.createdAt);
      this.print(
        this.o.paint.green(
          `✔ ${new Date(this.now()).toISOString()} answered ${this.label(request)} (${what}; waited ${waited})`,
        ),
      );
    } catch (error) {
      if (!(error instanceof AlreadyResolvedError)) throw error;
      this.print(
        this.o.paint.yellow(
          `⚠ ${this.label(request)} was already ${error.request.status}; your answer was not sent`,
        ),
      );
    } finally {
      this.answering = undefined;
      this.busy = false;
    }
    await this.pump();
    this.maybeFinish();
  }

  /** After stdin ended: done once every piped line has answered a question. */
  private maybeFinish(): void {
    if (this.ended && !this.busy && this.lines.length === 0) this.finish();
  }

  /** Shows the next question that is still pending, or auto-approves the queue. */
  private async pump(): Promise<void> {
    while (!this.busy && !this.current && this.queue.length > 0) {
      const request = this.o.broker.get(this.queue.shift()!);
      if (request?.status !== 'pending') continue;
      const ageMs = this.now() - request.createdAt;
      if (this.o.timeoutSecs !== undefined && ageMs > this.o.timeoutSecs * 1000) {
        this.print(
          this.o.paint.dim(
            `skipped ${this.label(request)}: asked ${formatAge(ageMs)} ago, older than --timeout ${this.o.timeoutSecs}s`,
          ),
        );
        continue;
      }
      if (this.o.autoApprove) {
        await this.answer(request, '', 'auto');
        return;
      }
      this.show(request);
      if (this.lines.length > 0) return this.answer(request, this.lines.shift()!);
      if (this.ended) return;
    }
  }

  private show(request: HitlRequest): void {
    this.current = request;
    this.o.output.write('\n' + renderPromptBox(request.key, request.prompt, this.o.paint));
    const waiting = this.queue.filter((id) => this.o.broker.get(id)?.status === 'pending').length;
    if (waiting > 0) this.print(this.o.paint.dim(`(${waiting} more waiting)`));
    if (this.interactive && this.rl) {
      this.rl.setPrompt(ANSWER_PROMPT);
      this.rl.prompt(true);
    } else {
      this.o.output.write(ANSWER_PROMPT + '\n');
    }
  }

  private label(request: HitlRequest): string {
    return escapeControls(request.key);
  }

  private print(line: string): void {
    this.o.output.write(line + '\n');
  }
}
