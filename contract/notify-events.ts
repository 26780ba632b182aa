import type { InputSpec } from './request';

/**
 * The events besides questions that may notify the operator (the setting "which events
 * notify"): a coding session that finished its turn, one that failed, and an agent waiting in
 * its own terminal (Claude Code's Notification: idle, or asking there). Questions and approvals
 * always notify. Type-only imports: the web inbox's first load takes this file without zod.
 */
export interface NotifyEvents {
  finished: boolean;
  failed: boolean;
  waiting: boolean;
}

/** What a fresh install notifies about: every event, as before the setting existed. */
export function defaultNotifyEvents(): NotifyEvents {
  return { finished: true, failed: true, waiting: true };
}

/** Which event a request is: `question` for anything to answer, else its notice's event. */
export function notifyEventOf(request: { input: InputSpec }): keyof NotifyEvents | 'question' {
  const { input } = request;
  if (input.kind !== 'notice') return 'question';
  return input.session ?? 'waiting';
}

/** True when the arrival of `request` notifies under `events` (a question always does). */
export function notifiesAbout(request: { input: InputSpec }, events: NotifyEvents): boolean {
  const event = notifyEventOf(request);
  return event === 'question' || events[event];
}
