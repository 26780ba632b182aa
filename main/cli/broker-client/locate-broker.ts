import { resolveStateDir } from '../../broker/persistence/state-dir';
import { readVar } from '../../config/env-read';
import { BROKER_URL, TOKEN } from '../../config/env-vars';
import { optionHelp } from '../../config/help-text';
import { DEFAULT_BROKER_URL } from '../../config/settings-table';
import { readDiscovery } from '../../service/discovery-read';
import { readOperatorSecret } from '../../service/operator-secret';

export { DEFAULT_BROKER_URL };

/** `--token`'s help line. */
export const TOKEN_HELP = optionHelp('token', 'the broker token');

/** `--broker`'s help line for the commands that talk to a running broker. */
export const BROKER_HELP = optionHelp('brokerUrl', 'the running broker');

/** Where a CLI found the broker, and how. */
export interface BrokerLocation {
  url: string;
  token?: string;
  /**
   * The operator secret, only for the operator's own commands (`open`, `rules`, `list`, `answer`)
   * and only when the URL is the local broker's from the discovery file: sent instead of the token.
   */
  operatorSecret?: string;
  from: 'flag' | 'env' | 'discovery' | 'default';
}

/** The broker URL asked for explicitly (`CLARITY_HITL_BROKER`, else `CLARITY_HITL_BROKER_URL`). */
export function brokerUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return readVar(BROKER_URL, env);
}

/**
 * Finds the broker: `--broker URL`, else `CLARITY_HITL_BROKER` (or `CLARITY_HITL_BROKER_URL`), else
 * the discovery file, else the default port. The token: `--token`, else `CLARITY_HITL_TOKEN` (or
 * `CLARITY_HITL_BROKER_TOKEN`), else the discovery file (only when the chosen URL is the
 * discovered broker's, so its token never goes elsewhere).
 */
export function locateBroker(
  flagUrl?: string,
  env: NodeJS.ProcessEnv = process.env,
  flagToken?: string,
  as: 'agent' | 'operator' = 'agent',
): BrokerLocation {
  const stateDir = resolveStateDir(undefined, env);
  // The discovery file of a live broker only (a stale file from a crashed one is ignored).
  const discovery = readDiscovery(stateDir);
  const pick = (url: string, from: BrokerLocation['from']): BrokerLocation => {
    const sameBroker = discovery !== undefined && sameOrigin(url, discovery.url);
    const token = flagToken || readVar(TOKEN, env) || (sameBroker ? discovery.token : undefined);
    const secret = as === 'operator' && sameBroker ? readOperatorSecret(stateDir) : undefined;
    return {
      url: url.endsWith('/') ? url : `${url}/`,
      from,
      ...(token ? { token } : {}),
      ...(secret ? { operatorSecret: secret } : {}),
    };
  };
  if (flagUrl) return pick(flagUrl, 'flag');
  const fromEnv = brokerUrlFromEnv(env);
  if (fromEnv) return pick(fromEnv, 'env');
  if (discovery) return pick(discovery.url, 'discovery');
  return pick(DEFAULT_BROKER_URL, 'default');
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
