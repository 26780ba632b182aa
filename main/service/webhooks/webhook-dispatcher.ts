import type { Broker } from '../../broker/broker';
import type { DeliveryAttempt } from './delivery-log';
import { redactWebhookUrl, webhookTarget, type WebhookOption } from './webhook-config';
import { webhookEvent } from './webhook-event';
import { DEFAULT_RETRY, WebhookSender, type RetryPolicy } from './webhook-sender';

export interface WebhookDispatcherOptions {
  broker: Broker;
  webhooks: readonly WebhookOption[];
  /** Signs every body (`X-Hub-Signature-256`); none: bodies go unsigned. */
  secret?: string;
  /** The broker's public URL: events link back to the request in the inbox. */
  publicUrl?: string;
  retry?: Partial<RetryPolicy>;
  /** Attempts kept per webhook (default 50). */
  logLimit?: number;
}

/** One webhook's delivery log as the operator route shows it (the URL redacted). */
export interface WebhookDeliveries {
  url: string;
  format: string;
  attempts: DeliveryAttempt[];
}

/**
 * Sends every asked / answered / expired / cancelled event to each configured webhook. The
 * broker's listener only queues: delivery runs outside it, so no webhook ever delays the broker.
 */
export class WebhookDispatcher {
  private readonly senders: WebhookSender[];
  private readonly pending = new Set<Promise<void>>();
  private readonly unsubscribe: () => void;

  /** Throws an Error naming the field when a webhook option is invalid. */
  constructor(options: WebhookDispatcherOptions) {
    const retry = { ...DEFAULT_RETRY, ...options.retry };
    this.senders = options.webhooks.map(
      (option, index) =>
        new WebhookSender(webhookTarget(option, index), options.secret, retry, options.logLimit),
    );
    this.unsubscribe = options.broker.subscribe((brokerEvent) => {
      const event = webhookEvent(brokerEvent, options.publicUrl);
      if (!event) return;
      for (const sender of this.senders) {
        const delivery = sender.send(event);
        this.pending.add(delivery);
        void delivery.finally(() => this.pending.delete(delivery));
      }
    });
  }

  /** Each webhook's recent attempts, in the order the webhooks were configured. */
  deliveries(): WebhookDeliveries[] {
    return this.senders.map((sender) => ({
      url: redactWebhookUrl(sender.target.url),
      format: sender.target.format,
      attempts: sender.log.list(),
    }));
  }

  /** Resolves once every delivery started so far is delivered or given up. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Stops listening, stops retrying and aborts the tries under way. */
  close(): void {
    this.unsubscribe();
    for (const sender of this.senders) sender.close();
  }
}
