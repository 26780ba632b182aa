import { randomUUID } from 'node:crypto';
import type { HitlRequest } from '@contract/request';
import type { BrokerEvent } from '../../broker/broker-types';

/** What a webhook hears about. ("delivered" and "finished session" are not broker events yet.) */
export type WebhookEventName = 'asked' | 'answered' | 'expired' | 'cancelled';

/** The question or command as it goes out: never more than this many characters. */
export const QUESTION_CAP = 500;

/** The JSON body of a `json` webhook (and what the Slack and Discord bodies are made from). */
export interface WebhookEvent {
  /** Unique per event: the same on every retry, so a receiver can drop duplicates. */
  id: string;
  event: WebhookEventName;
  /** When the event happened, ISO 8601 (signed with the body, so a receiver can refuse old ones). */
  at: string;
  request: {
    id: string;
    source: string;
    agent?: string;
    kind: string;
    title?: string;
    /** The question, or an approval's command (or file, or tool), capped at QUESTION_CAP. */
    question: string;
    status: string;
    /** An approval's or a confirm's outcome (allow / deny / always, yes / no); never the answer text. */
    decision?: string;
    via?: string;
    operator?: string;
    cancelReason?: string;
    /** The request in the inbox, when the broker knows its public URL. */
    url?: string;
  };
}

const NAMES: Partial<Record<BrokerEvent['type'], WebhookEventName>> = {
  added: 'asked',
  answered: 'answered',
  expired: 'expired',
  cancelled: 'cancelled',
};

/**
 * The webhook event for a broker event, or undefined for one webhooks do not carry (`updated`).
 * Only what the operator needs to see goes out: no answer text, no agent context, no history.
 */
export function webhookEvent(
  event: BrokerEvent,
  publicUrl: string | undefined,
): WebhookEvent | undefined {
  const name = NAMES[event.type];
  if (name === undefined) return undefined;
  const request = event.request;
  const decision = decisionOf(request);
  return {
    id: randomUUID(),
    event: name,
    at: new Date(event.at).toISOString(),
    request: {
      id: request.id,
      source: request.source,
      ...optional('agent', request.agent?.name ?? request.agent?.id),
      kind: request.input.kind,
      ...optional('title', request.title && cap(request.title, 200)),
      question: questionOf(request),
      status: request.status,
      ...optional('decision', decision),
      ...optional('via', request.via),
      ...optional('operator', request.operator),
      ...optional('cancelReason', request.cancelReason && cap(request.cancelReason, 200)),
      ...optional('url', publicUrl && requestLink(publicUrl, request.id)),
    },
  };
}

/** The link to one request in the inbox under the broker's public URL. */
export function requestLink(publicUrl: string, id: string): string {
  const url = new URL(publicUrl);
  url.pathname = url.pathname.replace(/\/?$/, '/');
  url.search = '';
  url.searchParams.set('request', id);
  return url.href;
}

/** The question, or for an approval the command it would run (else the file, else the tool). */
export function questionOf(request: HitlRequest): string {
  const input = request.input;
  if (input.kind === 'approval')
    return cap(`${input.tool}: ${input.command ?? input.path ?? request.prompt}`, QUESTION_CAP);
  return cap(request.prompt, QUESTION_CAP);
}

function decisionOf(request: HitlRequest): string | undefined {
  const value = request.answer?.value;
  if (value?.kind === 'approval') return value.decision;
  if (value?.kind === 'confirm') return value.confirmed ? 'yes' : 'no';
  return undefined;
}

function cap(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

function optional<K extends string>(key: K, value: string | undefined | '') {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}
