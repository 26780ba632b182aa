import type { RunEvent } from '@contract/jsonl-events';

/**
 * The terminal view of `clarity-hitl run`: turns agent events into text. Tokens stream inline;
 * every other event starts on its own line. Pure apart from the injected clock.
 */
export class RunView {
  private inline = false;
  private ended = false;
  private readonly startedAt: number;

  constructor(
    private readonly write: (text: string) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
  }

  /** True once an `end` event was shown. */
  get sawEnd(): boolean {
    return this.ended;
  }

  /** A plain (non-event) output line of the agent. */
  text(line: string): void {
    this.line(line);
  }

  event(e: RunEvent, hilNote = 'answer it in the HITL Broker inbox'): void {
    switch (e.type) {
      case 'start':
        return this.line(
          `▶ ${[e.agent, e.task].filter(Boolean).join(': ') || 'agent started'}${e.project ? ` (project ${e.project})` : ''}`,
        );
      case 'token':
        this.write(e.text);
        this.inline = !e.text.endsWith('\n');
        return;
      case 'progress':
        return this.line(
          `⏳ ${e.phase ?? 'progress'}${e.pct !== undefined ? ` ${Math.round(e.pct)}%` : ''}`,
        );
      case 'human_in_loop': {
        const what = [e.title, e.message].filter(Boolean).join(': ') || 'human input needed';
        return this.line(`⏸ [${e.hil_id}] ${what} (${hilNote})`);
      }
      case 'notice':
        return this.line(`ℹ ${e.text}`);
      case 'artifact':
        return this.line(
          `📄 ${e.kind ?? 'artifact'} ${e.path ?? ''}${e.summary ? ` — ${e.summary}` : ''}`.replace(
            / +$/,
            '',
          ),
        );
      case 'result':
        this.line(
          `${e.ok === false ? '✖' : '✔'} ${e.summary ?? (e.ok === false ? 'failed' : 'done')}`,
        );
        for (const a of e.artifacts ?? []) this.line(`  • ${a}`);
        return;
      case 'end':
        this.ended = true;
        return this.line(
          `■ ${e.status ?? 'end'} in ${seconds(e.duration_ms ?? this.now() - this.startedAt)}`,
        );
    }
  }

  /** Called when the agent process exits. */
  exit(code: number | null, signal: NodeJS.Signals | null): void {
    const how = signal ? `killed by ${signal}` : `exited with code ${code}`;
    this.line(`■ agent ${how} after ${seconds(this.now() - this.startedAt)}`);
  }

  private line(text: string): void {
    this.write(`${this.inline ? '\n' : ''}${text}\n`);
    this.inline = false;
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
