import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

/** The default address of `clarity-hitl serve` and the desktop app. */
export const DEFAULT_BROKER_URL = 'http://127.0.0.1:7842/';

/** Where a CLI found the broker, and how. */
export interface BrokerLocation {
  url: string;
  token?: string;
  from: 'flag' | 'env' | 'discovery' | 'default';
}

const DiscoverySchema = z.object({
  url: z.string().url(),
  port: z.number().optional(),
  token: z.string().optional(),
  pid: z.number().optional(),
});

/** `$CLARITY_HITL_STATE_DIR`, default `~/.clarity-hitl/`. */
export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CLARITY_HITL_STATE_DIR || join(homedir(), '.clarity-hitl');
}

/** The running broker's discovery file (`<stateDir>/broker.json`), if present and well formed. */
export function readDiscoveryFile(env: NodeJS.ProcessEnv = process.env): z.infer<typeof DiscoverySchema> | undefined {
  try {
    const parsed = DiscoverySchema.safeParse(JSON.parse(readFileSync(join(stateDir(env), 'broker.json'), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Finds the broker: `--broker URL`, else `CLARITY_HITL_BROKER_URL`, else the discovery file,
 * else the default port. The token comes from `CLARITY_HITL_BROKER_TOKEN`, else the discovery file.
 */
export function locateBroker(flagUrl?: string, env: NodeJS.ProcessEnv = process.env): BrokerLocation {
  const discovery = readDiscoveryFile(env);
  const token = env.CLARITY_HITL_BROKER_TOKEN || discovery?.token || undefined;
  const pick = (url: string, from: BrokerLocation['from']): BrokerLocation => ({
    url: url.endsWith('/') ? url : `${url}/`,
    from,
    ...(token ? { token } : {}),
  });
  if (flagUrl) return pick(flagUrl, 'flag');
  if (env.CLARITY_HITL_BROKER_URL) return pick(env.CLARITY_HITL_BROKER_URL, 'env');
  if (discovery) return pick(discovery.url, 'discovery');
  return pick(DEFAULT_BROKER_URL, 'default');
}
