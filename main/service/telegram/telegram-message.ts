import type { HitlRequest } from '@contract/request';
import type { ActionCodes } from '../phone/action-codes';
import { phoneButtons, phoneQuestion } from '../phone/phone-buttons';
import { requestLink } from '../webhooks/webhook-event';

/** One inline keyboard button whose press comes back as a callback query. */
export interface InlineButton {
  text: string;
  /** A compact single-use code (≤ 64 bytes, Telegram's limit). */
  callback_data: string;
}

/** The `sendMessage` parameters for one request (the Bot API's documented fields). */
export interface SendMessageParams {
  chat_id: string;
  text: string;
  link_preview_options: { is_disabled: true };
  reply_markup?: { inline_keyboard: InlineButton[][] };
}

/**
 * The message for a new request: the agent and kind, the question or command (capped), the link
 * to the inbox when a public URL is set, and one single-use code per button (two-button answers
 * on one row, options one per row). No operator secret, token, context or history.
 */
export function requestMessage(
  request: HitlRequest,
  chat: string,
  codes: ActionCodes,
  publicUrl: string | undefined,
): SendMessageParams {
  const buttons = phoneButtons(request).map(({ label, decision }): InlineButton => ({
    text: label,
    callback_data: codes.issueCompact(request.id, decision),
  }));
  const rows = buttons.length === 2 ? [buttons] : buttons.map((button) => [button]);
  const lines = [`${whoOf(request)}: ${request.input.kind}`, '', phoneQuestion(request)];
  if (publicUrl) lines.push('', requestLink(publicUrl, request.id));
  return {
    chat_id: chat,
    text: lines.join('\n'),
    link_preview_options: { is_disabled: true },
    ...(rows.length ? { reply_markup: { inline_keyboard: rows } } : {}),
  };
}

/** The text that replaces a resolved request's message (no buttons): its outcome and where. */
export function resolvedText(request: HitlRequest): string {
  const where = request.via ? ` via ${request.via}` : '';
  return [`${whoOf(request)}: ${outcomeOf(request)}${where}`, '', phoneQuestion(request)].join(
    '\n',
  );
}

/** What happened, in a few words: the decision of a one-tap kind, else the status. */
export function outcomeOf(request: HitlRequest): string {
  if (request.status !== 'answered') return request.status;
  const value = request.answer?.value;
  if (value?.kind === 'approval' && !value.answers)
    return { allow: 'allowed once', always: 'always allowed', deny: 'denied' }[value.decision];
  if (value?.kind === 'confirm') return `answered ${value.confirmed ? 'yes' : 'no'}`;
  if (value?.kind === 'choice' && request.input.kind === 'choice') {
    const options = request.input.options;
    const labels = value.selected.map((v) => options.find((o) => o.value === v)?.label ?? v);
    return `picked ${labels.join(', ').slice(0, 200)}`;
  }
  return 'answered';
}

function whoOf(request: HitlRequest): string {
  return (request.agent?.name ?? request.agent?.id ?? request.source).slice(0, 100);
}
