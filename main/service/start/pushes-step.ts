import type { AgentMessageStore } from '../../adapters/hapi/agent-message-store';
import type { HubBridge } from '../../adapters/hapi/hub-bridge/hub-bridge';
import type { Broker } from '../../broker/broker';
import type { BrokerServiceOptions } from '../broker-service-types';
import { startHapiHub } from '../hapi/hapi-hub-step';
import { NtfyPush } from '../ntfy/ntfy-push';
import { TelegramPush } from '../telegram/telegram-push';
import { WebhookDispatcher } from '../webhooks/webhook-dispatcher';
import type { Cleanups } from './cleanups';

/** The outside services the broker tells of requests, each when configured. */
export interface Pushes {
  webhooks?: WebhookDispatcher;
  ntfy?: NtfyPush;
  hapiHub?: HubBridge;
  telegram?: TelegramPush;
}

/** What the pushes need besides the broker and the options. */
export interface PushContext {
  operatorSecret: string;
  /** Where links in the messages point (`--public-url`). */
  publicUrl: string | undefined;
  agentMessages: AgentMessageStore;
  warn: (message: string) => void;
}

/**
 * The service's push step: webhooks (`--webhook`), ntfy and Telegram phone pushes, and the HAPI
 * hub bridge (main/service/hapi/hapi-hub-step.ts), each started only when configured.
 */
export function startPushes(
  broker: Broker,
  options: Pick<
    BrokerServiceOptions,
    'webhooks' | 'webhookSecret' | 'ntfy' | 'hapiHub' | 'telegram'
  >,
  context: PushContext,
  cleanups: Cleanups,
): Pushes {
  const { operatorSecret, publicUrl, warn } = context;
  const webhooks = options.webhooks?.length
    ? new WebhookDispatcher({
        broker,
        webhooks: options.webhooks,
        secret: options.webhookSecret,
        publicUrl,
      })
    : undefined;
  if (webhooks) cleanups.add(() => webhooks.close());
  const ntfy = options.ntfy
    ? new NtfyPush({ broker, ntfy: options.ntfy, operatorSecret, publicUrl, onWarning: warn })
    : undefined;
  if (ntfy) cleanups.add(() => ntfy.close());
  const hapiHub = startHapiHub(broker, options.hapiHub, warn, context.agentMessages);
  if (hapiHub) cleanups.add(() => hapiHub.close());
  const telegram = options.telegram
    ? new TelegramPush({
        broker,
        telegram: options.telegram,
        operatorSecret,
        publicUrl,
        onWarning: warn,
      })
    : undefined;
  if (telegram) cleanups.add(() => telegram.close());
  return {
    ...(webhooks ? { webhooks } : {}),
    ...(ntfy ? { ntfy } : {}),
    ...(hapiHub ? { hapiHub } : {}),
    ...(telegram ? { telegram } : {}),
  };
}
