import type { NewRequest } from '@contract/request';
import { PAUSE_PROMPT } from '../cueme/cue-request';
import { CuePayloadSchema, payloadToInput } from '../cueme/payload';
import { titleFromPrompt } from '../title-from-prompt';
import type { MailboxCue } from './worker-messages';

/** How long the original `cueme cue` waits before it gives up (its fixed 10 minutes). */
export const CUE_WAIT_MS = 600_000;

/** A cue of the mailbox as a broker request (source `cueme`, key = its `request_id`). */
export function mailboxRequest(cue: MailboxCue, now = Date.now()): NewRequest {
  const payload = parsePayload(cue.payload);
  const pause = payload?.type === 'confirm' && payload.variant === 'pause';
  const createdAt = parseTime(cue.createdAt) ?? now;
  const checked = pause ? undefined : CuePayloadSchema.safeParse(payload);
  let input: NewRequest['input'] = { kind: 'text' };
  if (pause) input = { kind: 'text', placeholder: 'Optional message; send to continue' };
  else if (checked?.success) {
    try {
      input = payloadToInput(checked.data);
    } catch {
      // A payload the console would show as-is (duplicate options): asked as plain text.
    }
  }
  const prompt = (cue.prompt.trim() ? cue.prompt : pause ? PAUSE_PROMPT : '') + cutNotes(cue);
  const title = pause ? 'Paused: continue when ready' : titleFromPrompt(prompt);
  return {
    source: 'cueme',
    key: cue.requestId,
    agent: {
      id: cue.agentId || 'unknown',
      ...(cue.runtime ? { runtime: cue.runtime } : {}),
      ...(cue.projectDir ? { projectDir: cue.projectDir } : {}),
      ...(cue.terminal ? { terminal: cue.terminal } : {}),
    },
    ...(title ? { title } : {}),
    prompt,
    input,
    createdAt,
    ...(pause ? {} : { expiresAt: createdAt + CUE_WAIT_MS }),
    meta: { mailbox: 'sqlite', mode: pause ? 'pause' : 'cue', payload: payload ?? null },
  };
}

/** What the operator is told when the mailbox held more than the broker keeps of a cue. */
function cutNotes(cue: MailboxCue): string {
  const count = (n: number) => n.toLocaleString('en');
  const notes: string[] = [];
  if (cue.promptLength > cue.prompt.length)
    notes.push(
      `[Cut: the prompt is ${count(cue.promptLength)} characters long in the cueme mailbox; the first ${count(cue.prompt.length)} are shown.]`,
    );
  // A payload column that holds text but came as null was too long to read (mailbox-row.ts).
  if (cue.payload === null && cue.payloadLength > 0)
    notes.push(
      `[Its payload (${count(cue.payloadLength)} characters) is too long to read; answer in plain text.]`,
    );
  return notes.length ? `\n\n${notes.map((n) => `*${n}*`).join('\n\n')}` : '';
}

/** True for a broker request that came from the SQLite mailbox. */
export function isMailboxRequest(request: { source: string; meta?: Record<string, unknown> }) {
  return request.source === 'cueme' && request.meta?.mailbox === 'sqlite';
}

function parsePayload(raw: string | null): Record<string, unknown> | null {
  if (!raw?.trim()) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function parseTime(value: string | null): number | undefined {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? ms : undefined;
}
