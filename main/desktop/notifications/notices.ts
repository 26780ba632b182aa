import type { NotificationApi, NotificationLike } from '../electron-api';

/**
 * One-off notices to the operator (port moved, update waits…): a native notification, kept
 * referenced until closed because Electron drops the events of a collected one, and the log.
 */
export class Notices {
  private readonly open = new Set<NotificationLike>();

  constructor(
    private readonly api: NotificationApi,
    private readonly log?: (message: string) => void,
  ) {}

  /** Logs the message and shows it as a notification where the OS supports them. */
  tell(message: string): void {
    this.log?.(message);
    if (!this.api.isSupported()) return;
    const notice = this.api.create({ title: 'HITL Broker', body: message });
    this.open.add(notice);
    notice.on('close', () => this.open.delete(notice));
    notice.show();
  }

  closeAll(): void {
    for (const notice of this.open) notice.close();
  }
}
