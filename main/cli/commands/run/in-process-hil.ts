import { isAbsolute } from 'node:path';
import type { RunEvent } from '@contract/jsonl-events';
import {
  CANCELLED_PREFIX,
  COMPLETED_PREFIX,
  type ExecuteResponse,
} from '../../../adapters/tool-server-lite/execute-response';
import { HilUiSchema } from '../../../adapters/tool-server-lite/schemas';
import {
  BrokerReplyError,
  BrokerUnavailableError,
  callBroker,
} from '../../broker-client/broker-http';
import type { BrokerLocation } from '../../broker-client/locate-broker';

type HilEvent = Extract<RunEvent, { type: 'human_in_loop' }>;

export interface InProcessHilOptions {
  broker: BrokerLocation;
  /** Writes one line (with its newline) to the agent's stdin. */
  reply: (line: string) => void;
  /** One line for the run's terminal view. */
  say: (text: string) => void;
  /** How long an agent's own held execute may take to show up after its event (default 1 s). */
  graceMs?: number;
  /** A broker that is stopping or away is asked again this often (default 2 s). */
  retryMs?: number;
  call?: typeof callBroker;
}

/**
 * `human_in_loop` JSONL events under `clarity-hitl run`. Each event is applied to its task
 * (`/api/hil/annotate`). When no held `POST /api/tool/execute` stands behind it (InfiAgent 3.2
 * runs HIL in its own process), the run holds one itself, so the request is in the inbox like any
 * other (title, message, `ui`, `timeout_sec` as its deadline) and answered from any surface; the
 * answer goes to the agent's stdin as `{"type":"hil_response","hil_id","response"}`. A cancel
 * sends `用户取消操作: <reason>`; a timeout sends nothing (the agent's own timeout ends its wait).
 */
export class InProcessHil {
  private readonly opts: Required<InProcessHilOptions>;
  private readonly stop = new AbortController();
  private readonly holding = new Set<string>();
  private warned = false;
  /** The workspace an agent's `start` event named (the root of a `file_pick`). */
  private project: string | undefined;

  constructor(options: InProcessHilOptions) {
    this.opts = { graceMs: 1_000, retryMs: 2_000, call: callBroker, ...options };
  }

  /** Remembers the project of a `start` event. */
  started(project: string | undefined): void {
    if (project && isAbsolute(project)) this.project = project;
  }

  /** Handles one `human_in_loop` event; never throws, never blocks the agent's output. */
  handle(event: HilEvent): void {
    void this.run(event).catch((error: Error) => this.warnOnce(event.hil_id, error.message));
  }

  /** The agent is gone: its held requests are withdrawn (the broker cancels them). */
  close(): void {
    this.stop.abort();
  }

  private async run(event: HilEvent): Promise<void> {
    const id = encodeURIComponent(event.hil_id);
    const annotated = await this.opts.call<{ applied?: boolean }>(
      this.opts.broker,
      `/api/hil/annotate/${id}`,
      {
        title: event.title,
        message: event.message,
        ui: event.ui,
        timeout_sec: event.timeout_sec ?? undefined,
      },
      { signal: this.stop.signal },
    );
    if (annotated.applied || this.holding.has(event.hil_id)) return;
    await delay(this.opts.graceMs, this.stop.signal);
    const task = await this.opts.call<{ status?: string }>(this.opts.broker, `/api/hil/${id}`);
    if (task.status === 'waiting' || this.stop.signal.aborted) return;
    this.holding.add(event.hil_id);
    try {
      await this.hold(event);
    } finally {
      this.holding.delete(event.hil_id);
    }
  }

  /** Holds an execute for the event until it is resolved (asking again while the broker is away). */
  private async hold(event: HilEvent): Promise<void> {
    const ui = HilUiSchema.safeParse(event.ui);
    const usableUi =
      ui.success && (ui.data.type !== 'file_pick' || this.project) ? ui.data : undefined;
    const body = {
      ...(this.project ? { task_id: this.project } : {}),
      tool_name: 'human_in_loop',
      params: {
        hil_id: event.hil_id,
        instruction: event.message || event.title || 'human input needed',
        timeout: event.timeout_sec || null,
        ...(usableUi ? { ui: usableUi } : {}),
      },
    };
    for (;;) {
      let reply: ExecuteResponse;
      try {
        reply = await this.opts.call<ExecuteResponse>(this.opts.broker, '/api/tool/execute', body, {
          signal: this.stop.signal,
        });
      } catch (error) {
        if (this.stop.signal.aborted) return;
        const away =
          error instanceof BrokerUnavailableError ||
          (error instanceof BrokerReplyError && error.status === 503);
        if (!away) throw error;
        await delay(this.opts.retryMs, this.stop.signal);
        continue;
      }
      return this.answer(event.hil_id, reply);
    }
  }

  private answer(hilId: string, reply: ExecuteResponse): void {
    const output = reply.data?.output ?? '';
    if (!reply.success) {
      this.opts.say(`⏰ [${hilId}] ${reply.error ?? reply.data?.error ?? 'not answered'}`);
      return;
    }
    const response = output.startsWith(COMPLETED_PREFIX)
      ? output.slice(COMPLETED_PREFIX.length)
      : output;
    this.opts.reply(`${JSON.stringify({ type: 'hil_response', hil_id: hilId, response })}\n`);
    this.opts.say(
      output.startsWith(CANCELLED_PREFIX)
        ? `⏭ [${hilId}] cancelled in the inbox; told the agent`
        : `✓ [${hilId}] answered in the inbox; sent to the agent`,
    );
  }

  private warnOnce(hilId: string, message: string): void {
    if (this.stop.signal.aborted || this.warned) return;
    this.warned = true;
    this.opts.say(`⚠ could not bring ${hilId} to the broker: ${message}`);
  }
}

/** Waits `ms`, or less when `signal` aborts. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
