import type { AnswerInput, HitlRequest } from '@contract/request';
import { desktopStrings, type DesktopStrings } from '../desktop-strings';
import type { NotificationOptions } from '../electron-api';

/** The notification's own words, in the operator's language. */
export type NotificationStrings = Pick<DesktopStrings, 'approve' | 'decline' | 'replyPlaceholder'>;

/** Longest body we hand the OS; notification centres cut long text badly. */
const MAX_BODY = 240;

/** One button on a notification and the answer it sends. */
export interface NotificationButton {
  text: string;
  answer: AnswerInput;
}

/** Who is asking: the agent's name or id, else the protocol source. */
export function notificationTitle(request: HitlRequest): string {
  const agent = request.agent?.name ?? request.agent?.id;
  const who = agent ? `${agent} (${request.source})` : request.source;
  return request.title ? `${who}: ${request.title}` : who;
}

/** The question itself, markdown stripped of its loudest marks, whitespace collapsed, trimmed. */
export function notificationBody(request: HitlRequest): string {
  const plain = request.prompt
    .replace(/```[\s\S]*?```/g, ' [code] ')
    .replace(/^\s{0,3}(#{1,6}|>)\s*/gm, '')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  const text = plain || request.key;
  return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY - 1).trimEnd()}…` : text;
}

/**
 * Buttons for confirm and choice requests (at most 3 choice options: more do not fit); a confirm
 * marked `danger` gets Decline only.
 */
export function notificationButtons(
  request: HitlRequest,
  strings: NotificationStrings = desktopStrings('en'),
): NotificationButton[] {
  const input = request.input;
  if (input.kind === 'confirm') {
    const decline: NotificationButton = {
      text: input.cancelLabel ?? strings.decline,
      answer: { value: { kind: 'confirm', confirmed: false } },
    };
    // A confirm the agent marked dangerous is confirmed on its card, after reading it.
    if (input.danger) return [decline];
    return [
      {
        text: input.confirmLabel ?? strings.approve,
        answer: { value: { kind: 'confirm', confirmed: true } },
      },
      decline,
    ];
  }
  if (input.kind === 'choice' && !input.multiple && input.options.length <= 3) {
    return input.options.map((option) => ({
      text: option.label,
      answer: { value: { kind: 'choice', selected: [option.value] } },
    }));
  }
  return [];
}

/** Platforms where Electron delivers notification action and reply events. */
export function supportsInteractiveNotifications(platform: string): boolean {
  return platform === 'darwin' || platform === 'win32';
}

/** The full options for one request's notification on this platform. */
export function notificationOptions(
  request: HitlRequest,
  platform: string,
  silent: boolean,
  strings: NotificationStrings = desktopStrings('en'),
): { options: NotificationOptions; buttons: NotificationButton[] } {
  const options: NotificationOptions = {
    title: notificationTitle(request),
    body: notificationBody(request),
    silent,
  };
  if (!supportsInteractiveNotifications(platform)) return { options, buttons: [] };
  const buttons = notificationButtons(request, strings);
  if (buttons.length > 0) options.actions = buttons.map((b) => ({ type: 'button', text: b.text }));
  if (request.input.kind === 'text') {
    options.hasReply = true;
    options.replyPlaceholder = strings.replyPlaceholder;
  }
  return { options, buttons };
}
