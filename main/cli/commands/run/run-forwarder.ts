import {
  RUN_TEXT_LIMIT,
  type RunExit,
  type RunLineInput,
  type RunStart,
} from '../../../adapters/tool-server-lite/run-schemas';
import type { RunLine } from '../../../adapters/tool-server-lite/jsonl-events';
import { BrokerUnavailableError, callBroker } from '../../broker-client/broker-http';
import type { BrokerLocation } from '../../broker-client/locate-broker';

export interface RunForwarderOptions {
  broker: BrokerLocation;
  start: RunStart;
  /** Told once when the broker cannot be reached or refuses the run (the run goes on locally). */
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
  call?: typeof callBroker;
}

interface Queued {
  line: RunLineInput;
  size: number;
}

/** Serialised size (characters) one batch stays under, so it stays well below the 1 MiB body limit. */
const BATCH_CHARS = 256_000;

/**
 * Sends a run's output lines to the broker (`POST /api/runs`, then `POST /api/runs/:id/events`)
 * in batches, in order, one request at a time. `push` never waits and never throws, so the agent
 * is never slowed; the first failure warns once and forwarding stops.
 */
export class RunForwarder {
  private readonly opts: Required<Omit<RunForwarderOptions, 'call'>> & {
    call: typeof callBroker;
  };
  private readonly runId: Promise<string | undefined>;
  private readonly abort = new AbortController();
  private queue: Queued[] = [];
  /** Stands in the queue where lines were dropped; says how many once it is sent. */
  private gap: (Queued & { dropped: number }) | undefined;
  private failed = false;
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
      call: callBroker,
      ...options,
    };
    this.runId = this.post<{ id: string }>('/api/runs', this.opts.start).then((r) => r?.id);
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

  private async send(exit: RunExit | undefined, heartbeat: boolean): Promise<void> {
    const id = await this.runId;
    if (id === undefined || this.failed) return;
    if (this.queue.length === 0 && !exit && !heartbeat) return;
    do {
      const entries = this.takeBatch();
      const last = this.queue.length === 0;
      const body = last && exit ? { entries, exit } : { entries };
      if (!(await this.post(`/api/runs/${encodeURIComponent(id)}/events`, body))) return;
    } while (this.queue.length > 0);
  }

  private takeBatch(): RunLineInput[] {
    let chars = 0;
    let count = 0;
    while (count < this.queue.length && count < this.opts.maxBatch) {
      chars += this.queue[count]!.size;
      if (count > 0 && chars > BATCH_CHARS) break;
      count += 1;
    }
    return this.queue.splice(0, count).map((q) => {
      if (!this.gap || q !== this.gap) return q.line;
      const { dropped } = this.gap;
      this.gap = undefined;
      return {
        kind: 'text',
        text: `… ${dropped} lines were not forwarded (the broker was too slow)`,
      };
    });
  }

  /** POSTs; on any failure warns once, stops forwarding and resolves undefined. */
  private async post<T>(path: string, body: unknown): Promise<T | undefined> {
    try {
      return await this.opts.call<T>(this.opts.broker, path, body, { signal: this.abort.signal });
    } catch (error) {
      if (!this.failed && !this.abort.signal.aborted) {
        const why =
          error instanceof BrokerUnavailableError
            ? `no broker is running at ${error.url}`
            : error instanceof Error
              ? error.message
              : String(error);
        this.opts.warn(
          `⚠ this run is not shown in the broker's Runs view (${why}); it goes on here`,
        );
      }
      this.failed = true;
      this.queue = [];
      return undefined;
    }
  }
}

/** The line as the broker accepts it: texts cut to RUN_TEXT_LIMIT, oversized events as a note. */
function forwardable(line: RunLine | RunLineInput): RunLineInput {
  if (line.kind === 'text') return { kind: 'text', text: line.text.slice(0, RUN_TEXT_LIMIT) };
  const e = line.event;
  const event =
    e.type === 'token' || e.type === 'notice' ? { ...e, text: e.text.slice(0, RUN_TEXT_LIMIT) } : e;
  if (JSON.stringify(event).length > BATCH_CHARS)
    return { kind: 'text', text: `(a ${e.type} event too large to show was left out)` };
  return { kind: 'event', event };
}
