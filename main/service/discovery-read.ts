import { readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveStateDir } from '../broker/persistence/state-dir';

/** `<stateDir>/broker.json`: how local clients (cueme, scripts, the hook) find the running broker. */
export interface Discovery {
  url: string;
  port: number;
  token?: string;
  pid: number;
}

export const DISCOVERY_FILE = 'broker.json';

/**
 * The discovery file's content when it has the shape `DiscoverySchema` (discovery.ts) writes, else
 * undefined. Free of zod: the coding-agent hook reads this file on every tool call and must load
 * fast; test/main/service/discovery-read.test.ts holds it to the zod schema's verdicts.
 */
export function checkDiscovery(value: unknown): Discovery | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { url, port, token, pid } = value as Record<string, unknown>;
  if (typeof url !== 'string' || !URL.canParse(url.trim())) return undefined;
  if (!Number.isSafeInteger(port) || (port as number) < 1 || (port as number) > 65535)
    return undefined;
  if (token !== undefined && typeof token !== 'string') return undefined;
  if (!Number.isSafeInteger(pid) || (pid as number) <= 0) return undefined;
  return {
    url: url.trim(),
    port: port as number,
    ...(token === undefined ? {} : { token }),
    pid: pid as number,
  };
}

/**
 * Reads `<stateDir>/broker.json` (state dir: explicit, `$CLARITY_HITL_STATE_DIR`, or
 * `~/.clarity-hitl/`). Undefined when missing, invalid, or (by default) when its process is gone.
 */
export function readDiscovery(
  stateDir?: string,
  options: { checkAlive?: boolean } = {},
): Discovery | undefined {
  let discovery: Discovery | undefined;
  try {
    const raw = readFileSync(path.join(resolveStateDir(stateDir), DISCOVERY_FILE), 'utf8');
    discovery = checkDiscovery(JSON.parse(raw));
  } catch {
    return undefined;
  }
  if (!discovery) return undefined;
  if ((options.checkAlive ?? true) && !isAlive(discovery.pid)) return undefined;
  return discovery;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
