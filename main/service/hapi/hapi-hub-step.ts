import type { Broker } from '../../broker/broker';
import type { AgentMessageStore } from '../../adapters/hapi/agent-message-store';
import { HubBridge } from '../../adapters/hapi/hub-bridge/hub-bridge';

/** `--hapi-hub` and the access token read from `--hapi-token-file`. */
export interface HapiHubOption {
  /** The hub's base URL (checked by HubUrlSchema). */
  url: URL;
  /** The hub's `CLI_API_TOKEN`: a secret, never logged. */
  accessToken: string;
}

/**
 * The service's HAPI hub step: with `--hapi-hub`, the broker follows that hub and shows its
 * sessions' permission requests, and their messages beside them in `agentMessages`
 * (main/adapters/hapi/hub-bridge/). Returns undefined without it.
 * The bridge connects in the background: a hub that is down is retried, never a failed start.
 */
export function startHapiHub(
  broker: Broker,
  option: HapiHubOption | undefined,
  onWarning: (message: string) => void,
  agentMessages?: AgentMessageStore,
): HubBridge | undefined {
  if (!option) return undefined;
  const { url, accessToken } = option;
  return new HubBridge({
    broker,
    url,
    accessToken,
    onWarning,
    ...(agentMessages ? { agentMessages } : {}),
  });
}
