import { z } from 'zod';
import { isWellFormed, NOT_WELL_FORMED_MESSAGE } from './well-formed';

const base = { call_id: z.string().optional() };
const text = z.string().catch('');

/** The JSONL agent events of Tool Server Lite (docs/protocols.md#tool-server-lite-hil). Extra fields are allowed. */
export const RunEventSchema = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('start'),
    ...base,
    project: z.string().optional(),
    agent: z.string().optional(),
    task: z.string().optional(),
  }),
  z.looseObject({ type: z.literal('token'), ...base, text }),
  z.looseObject({
    type: z.literal('progress'),
    ...base,
    phase: z.string().optional(),
    pct: z.number().min(0).max(100).optional(),
  }),
  z.looseObject({
    type: z.literal('human_in_loop'),
    ...base,
    /** Forwarded in `/api/hil/annotate/{hil_id}`: a line whose id cannot be put in a URL is plain text. */
    hil_id: z.string().min(1).refine(isWellFormed, NOT_WELL_FORMED_MESSAGE),
    title: z.string().optional(),
    message: z.string().optional(),
    ui: z.unknown().optional(),
    timeout_sec: z.number().nullable().optional(),
    resume_hint: z.string().optional(),
  }),
  z.looseObject({ type: z.literal('notice'), ...base, text }),
  z.looseObject({
    type: z.literal('artifact'),
    ...base,
    kind: z.string().optional(),
    path: z.string().optional(),
    summary: z.string().optional(),
  }),
  z.looseObject({
    type: z.literal('result'),
    ...base,
    ok: z.boolean().optional(),
    summary: z.string().optional(),
    artifacts: z.array(z.string()).optional(),
  }),
  z.looseObject({
    type: z.literal('end'),
    ...base,
    status: z.string().optional(),
    duration_ms: z.number().nonnegative().optional(),
  }),
]);
export type RunEvent = z.infer<typeof RunEventSchema>;

/** One stdout line of the agent: a known event, or plain output (non-JSON, unknown or malformed events). */
export type RunLine = { kind: 'event'; event: RunEvent } | { kind: 'text'; text: string };

/** Classifies one line. Pure and total: never throws, whatever the input. */
export function parseRunLine(line: string): RunLine {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return { kind: 'text', text: line };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return { kind: 'text', text: line };
  }
  const parsed = RunEventSchema.safeParse(value);
  return parsed.success ? { kind: 'event', event: parsed.data } : { kind: 'text', text: line };
}

/**
 * Splits a byte/text stream into lines across chunk boundaries (`\n` or `\r\n`). A line longer
 * than `maxLine` characters is cut so a runaway writer cannot grow memory without bound.
 */
export class LineSplitter {
  private rest = '';

  constructor(private readonly maxLine = 1_000_000) {}

  /** Feeds a chunk; returns the complete lines it finished. */
  push(chunk: string): string[] {
    const parts = (this.rest + chunk).split('\n');
    this.rest = parts.pop() ?? '';
    const lines = parts.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
    while (this.rest.length > this.maxLine) {
      lines.push(this.rest.slice(0, this.maxLine));
      this.rest = this.rest.slice(this.maxLine);
    }
    return lines;
  }

  /** The unterminated last line, if any (call at end of stream). */
  flush(): string[] {
    const rest = this.rest.endsWith('\r') ? this.rest.slice(0, -1) : this.rest;
    this.rest = '';
    return rest ? [rest] : [];
  }
}
