import { createHash } from 'node:crypto';
import type { HitlRequest } from '@contract/request';
import { requestLink } from '../webhooks/webhook-event';
import type { ActionCodes } from '../phone/action-codes';
import { phoneButtons, phoneQuestion } from '../phone/phone-buttons';
import type { NtfyTarget } from './ntfy-config';

/** One ntfy `http` action button, as ntfy's JSON publishing takes it. */
export interface NtfyHttpAction {
  action: 'http';
  label: string;
  url: string;
  method: 'POST';
  body: string;
  clear: true;
}

/** The JSON body published to ntfy for one request (ntfy's documented JSON publishing fields). */
export interface NtfyPublish {
  topic: string;
  title: string;
  message: string;
  priority: number;
  tags: string[];
  /** Updates and clears this request's notification in place (ntfy 2.16+). */
  sequence_id: string;
  click?: string;
  actions?: NtfyHttpAction[];
}

/**
 * The ntfy message for a new request: the agent and kind in the title, the question or command
 * (capped), a priority from its urgency, a link when a public URL is set, and one single-use
 * code per button posted to the reply topic. No operator secret, token or history.
 */
export function requestMessage(
  request: HitlRequest,
  target: NtfyTarget,
  codes: ActionCodes,
  publicUrl: string | undefined,
  now = Date.now(),
): NtfyPublish {
  const who = request.agent?.name ?? request.agent?.id ?? request.source;
  const replyUrl = new URL(target.replyTopic, target.server).href;
  const actions = phoneButtons(request).map(({ label, decision }): NtfyHttpAction => ({
    action: 'http',
    label,
    url: replyUrl,
    method: 'POST',
    body: codes.issue(request.id, decision),
    clear: true,
  }));
  return {
    topic: target.topic,
    title: `${who}: ${request.input.kind}`.slice(0, 120),
    message: phoneQuestion(request),
    priority: priorityOf(request, now),
    tags: [request.input.kind === 'approval' ? 'warning' : 'question'],
    sequence_id: sequenceId(request.id),
    ...(publicUrl ? { click: requestLink(publicUrl, request.id) } : {}),
    ...(actions.length ? { actions } : {}),
  };
}

/** The update that replaces a resolved request's notification: the outcome, no buttons. */
export function resolvedMessage(request: HitlRequest, target: NtfyTarget): NtfyPublish {
  const who = request.agent?.name ?? request.agent?.id ?? request.source;
  const where = request.via ? ` via ${request.via}` : '';
  return {
    topic: target.topic,
    title: `${who}: ${request.status}${where}`.slice(0, 120),
    message: phoneQuestion(request),
    priority: 1,
    tags: ['white_check_mark'],
    sequence_id: sequenceId(request.id),
  };
}

/** ntfy sequence ids are short and plain: a hash of the request id. */
export function sequenceId(requestId: string): string {
  return `hitl-${createHash('sha256').update(requestId).digest('hex').slice(0, 32)}`;
}

/** 5 when it expires within 5 minutes, 4 for approvals, dangerous confirms or within an hour, else 3. */
function priorityOf(request: HitlRequest, now: number): number {
  const left = request.expiresAt === undefined ? Infinity : request.expiresAt - now;
  if (left < 5 * 60_000) return 5;
  const input = request.input;
  if (input.kind === 'approval' || (input.kind === 'confirm' && input.danger) || left < 3600_000)
    return 4;
  return 3;
}
