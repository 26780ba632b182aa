import type { BrokerEvent } from '../../broker/broker';
import type { AnswerInput, HitlRequest } from '@contract/request';
import type { NotificationApi, NotificationLike } from '../electron-api';
import { notificationOptions, type NotificationStrings } from './notification-content';

export interface NotificationCenterOptions {
  api: NotificationApi;
  platform: string;
  /**
   * Whether this new request notifies: notifications on, Do not disturb off, and its event one
   * the operator notifies about (questions always). Read on every new request.
   */
  shouldNotify: (request: HitlRequest) => boolean;
  /** Sound off → silent notifications. */
  silent: () => boolean;
  /** The operator clicked the notification: show that request. */
  openRequest: (id: string) => void;
  /** The operator answered from the notification (button or inline reply). */
  answer: (id: string, answer: AnswerInput) => void;
  /** Button and reply words in the operator's language (default English). */
  strings?: () => NotificationStrings;
}

/**
 * One native notification per new request. Keeps a reference to each until it is closed
 * (Electron drops the events of garbage-collected notifications) and closes it when the
 * request is resolved anywhere else.
 */
export class NotificationCenter {
  private readonly live = new Map<string, NotificationLike>();

  constructor(private readonly options: NotificationCenterOptions) {}

  /** Feed every broker event here. */
  handle(event: BrokerEvent): void {
    if (event.type === 'added') this.show(event.request);
    else if (event.type !== 'updated') this.close(event.request.id);
  }

  /** Ids of requests whose notification is still open. */
  openIds(): string[] {
    return [...this.live.keys()];
  }

  /** Closes every open notification (on quit). */
  closeAll(): void {
    for (const id of [...this.live.keys()]) this.close(id);
  }

  private show(request: HitlRequest): void {
    const { api, platform } = this.options;
    if (this.live.has(request.id) || !this.options.shouldNotify(request) || !api.isSupported())
      return;
    const { options, buttons } = notificationOptions(
      request,
      platform,
      this.options.silent(),
      this.options.strings?.(),
    );
    const notification = api.create(options);
    this.live.set(request.id, notification);
    notification.on('click', () => this.options.openRequest(request.id));
    notification.on('action', (index: number) => {
      const button = buttons[index];
      if (button) this.options.answer(request.id, button.answer);
    });
    notification.on('reply', (reply: string) => this.options.answer(request.id, { text: reply }));
    notification.on('close', () => {
      if (this.live.get(request.id) === notification) this.live.delete(request.id);
    });
    notification.show();
  }

  private close(id: string): void {
    const notification = this.live.get(id);
    if (!notification) return;
    this.live.delete(id);
    notification.close();
  }
}
