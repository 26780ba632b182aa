import { BATCH_CHARS, forwardable } from './forwardable-line';
import { type RunExit, type RunLineInput, type RunStart } from '@contract/run-schemas';
import type { RunLine } from '@contract/jsonl-events';
import { BrokerUnavailableError, callBroker } from '../../broker-client/broker-http';
import type { BrokerLocation } from '../../broker-client/locate-broker';

export interface RunForwarderOptions {
  broker: BrokerLocation;
  start: RunStart;
  /**
   * Told when the broker cannot be reached (and again when it is back), or once when it refuses
   * the run (then forwarding stops). The run itself always goes on locally.
   */
  warn: (text: string) => void;
  /** A batch leaves at most this long after its first line (default 100 ms)... */
  flushMs?: number;
  /** ...or as soon as it holds this many lines (default 50). */
  maxBatch?: number;
  /** An empty batch tells the broker the run is alive while the agent is quiet (default 30 s). */
  heartbeatMs?: number;
  /** Lines waiting beyond this are dropped and counted (default 10,000). */
  maxQueue?: number;
  /** How long `finish` waits for the last batch before giving up (default 3 s). */
  finishTimeoutMs?: number;
  /** While the broker is unreachable, try again this often (default 2 s). */
  retryMs?: number;
  call?: typeof callBroker;
}

interface Queued {
  line: RunLineInput;
  size: number;
}

/**
 * Sends a run's output lines to the broker (`POST /api/runs`, then `POST /api/runs/:id/events`)
 * in batches, in order, one request at a time. `push` never waits and never throws, so the agent
 * is never slowed. While the broker is unreachable (not started yet, restarting) the lines wait
 * in the bounded queue and go once it is back; any other failure warns once and forwarding stops.
 */
export class RunForwarder {
  private readonly opts: Required<Omit<RunForwarderOptions, 'call'>> & {
    call: typeof callBroker;
  };
  private runId: string | undefined;
  private readonly abort = new AbortController();
  private queue: Queued[] = [];
  /** Stands in the queue where lines were dropped; says how many once it is sent. */
  private gap: (Queued & { dropped: number }) | undefined;
  private failed = false;
  /** The broker could not be reached at the last try; a retry is scheduled. */
  private offline = false;
  private finished = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private sending: Promise<void> = Promise.resolve();
  private flushQueued = false;

  constructor(options: RunForwarderOptions) {
    this.opts = {
      flushMs: 100,
      maxBatch: 50,
      heartbeatMs: 30_000,
      maxQueue: 10_000,
      finishTimeoutMs: 3_000,
      retryMs: 2_000,
      call: callBroker,
      ...options,
    };
    // Open the run at once, so it shows before the agent prints anything.
    this.sending = this.openRun().then(() => undefined);
    this.heartbeat = setInterval(() => this.flush(undefined, true), this.opts.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Queues one output line (parsed event or plain text). */
  push(line: RunLine | RunLineInput): void {
    if (this.failed) return;
    if (this.queue.length >= this.opts.maxQueue) {
      if (!this.gap) {
        this.gap = { line: { kind: 'text', text: '' }, size: 100, dropped: 0 };
        this.queue.push(this.gap);
      }
      this.gap.dropped += 1;
      return;
    }
    const forwarded = forwardable(line);
    this.queue.push({ line: forwarded, size: JSON.stringify(forwarded).length });
    if (this.offline) return; // the retry timer sends them
    if (this.queue.length >= this.opts.maxBatch) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.opts.flushMs);
  }

  /** Sends what is left and the exit; resolves when done or after `finishTimeoutMs`. */
  async finish(exit: RunExit): Promise<void> {
    clearInterval(this.heartbeat);
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<void>((resolve) => {
      timeout = setTimeout(() => {
        this.abort.abort();
        resolve();
      }, this.opts.finishTimeoutMs);
    });
    await Promise.race([this.flush(exit), gaveUp]);
    clearTimeout(timeout);
    this.finished = true;
    clearTimeout(this.retryTimer);
  }

  private flush(exit?: RunExit, heartbeat = false): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    // A queued send drains the whole queue when it runs: one is enough for plain lines.
    if (this.flushQueued && !exit && !heartbeat) return this.sending;
    this.flushQueued = true;
    this.sending = this.sending.then(() => {
      this.flushQueued = false;
      return this.send(exit, heartbeat);
    });
    return this.sending;
  }

  /** The broker's id of this run, opening it first when needed; undefined when it cannot be had. */
  private async openRun(): Promise<string | undefined> {
    if (this.runId !== undefined || this.failed) return this.runId;
    const opened = await this.post<{ id: string }>('/api/runs', this.opts.start);
    if (opened) this.runId = opened.id;
    return this.runId;
  }

  private async send(exit: RunExit | undefined, heartbeat: boolean): Promise<void> {
    const id = await this.openRun();
    if (id === undefined || this.failed) return;
    if (this.queue.length === 0 && !exit && !heartbeat) return;
    do {
      const batch = this.takeBatch();
      const last = this.queue.length === 0;
      const entries = batch.map((q) => q.line);
      const body = last && exit ? { entries, exit } : { entries };
      if (!(await this.post(`/api/runs/${encodeURIComponent(id)}/events`, body))) {
        if (this.offline) this.queue.unshift(...batch); // not delivered: first in line next time
        return;
      }
    } while (this.queue.length > 0);
  }

  private takeBatch(): Queued[] {
    let chars = 0;
    let count = 0;
    while (count < this.queue.length && count < this.opts.maxBatch) {
      chars += this.queue[count]!.size;
      if (count > 0 && chars > BATCH_CHARS) break;
      count += 1;
    }
    return this.queue.splice(0, count).map((q) => {
      if (!this.gap || q !== this.gap) return q;
      const { dropped } = this.gap;
      this.gap = undefined;
      const text = `… ${dropped} lines were not forwarded (the broker was too slow or away)`;
      return { line: { kind: 'text', text }, size: text.length + 30 };
    });
  }

  /**
   * POSTs; resolves undefined when it failed. An unreachable broker makes the forwarder offline
   * (told once, retried every `retryMs`); any other failure warns once and stops forwarding.
   */
  private async post<T>(path: string, body: unknown): Promise<T | undefined> {
    try {
      const result = await this.opts.call<T>(this.opts.broker, path, body, {
        signal: this.abort.signal,
      });
      if (this.offline) {
        this.offline = false;
        this.opts.warn(`✓ the broker is back: this run shows in its Runs view again`);
      }
      return result;
    } catch (error) {
      if (this.abort.signal.aborted || this.failed) return undefined;
      if (error instanceof BrokerUnavailableError) {
        if (!this.offline)
          this.opts.warn(
            `⚠ no broker is running at ${error.url}; this run goes on here, and its output ` +
              `(up to ${this.opts.maxQueue.toLocaleString('en-US')} lines) shows in the Runs view once the broker is back`,
          );
        this.offline = true;
        this.scheduleRetry();
        return undefined;
      }
      const why = error instanceof Error ? error.message : String(error);
      this.opts.warn(`⚠ this run is not shown in the broker's Runs view (${why}); it goes on here`);
      this.failed = true;
      this.queue = [];
      return undefined;
    }
  }

  private scheduleRetry(): void {
    if (this.finished || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.flush(undefined, true);
    }, this.opts.retryMs);
    this.retryTimer.unref();
  }
}
