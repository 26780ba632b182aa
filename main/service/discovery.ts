import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod/mini';
import { resolveStateDir } from '../broker/persistence/state-dir';

/** `<stateDir>/broker.json`: how local clients (cueme, scripts) find the running broker. */
// zod/mini: clients that only read this file (the coding-agent hook) load it fast.
export const DiscoverySchema = z.object({
  url: z.url(),
  port: z.int().check(z.minimum(1), z.maximum(65535)),
  token: z.optional(z.string()),
  pid: z.int().check(z.positive()),
});
export type Discovery = z.infer<typeof DiscoverySchema>;

export const DISCOVERY_FILE = 'broker.json';

/** Writes the discovery file atomically with mode 0600 (it may hold the token). */
export function writeDiscovery(stateDir: string, discovery: Discovery): string {
  mkdirSync(stateDir, { recursive: true });
  const file = path.join(stateDir, DISCOVERY_FILE);
  const temp = path.join(stateDir, `.${DISCOVERY_FILE}.${randomUUID()}.tmp`);
  writeFileSync(temp, JSON.stringify(DiscoverySchema.parse(discovery), null, 2) + '\n', {
    mode: 0o600,
  });
  renameSync(temp, file);
  return file;
}

/**
 * Reads `<stateDir>/broker.json` (state dir: explicit, `$CLARITY_HITL_STATE_DIR`, or
 * `~/.clarity-hitl/`). Undefined when missing, invalid, or (by default) when its process is gone.
 */
export function readDiscovery(
  stateDir?: string,
  options: { checkAlive?: boolean } = {},
): Discovery | undefined {
  let raw: string;
  try {
    raw = readFileSync(path.join(resolveStateDir(stateDir), DISCOVERY_FILE), 'utf8');
  } catch {
    return undefined;
  }
  let parsed: ReturnType<typeof DiscoverySchema.safeParse>;
  try {
    parsed = DiscoverySchema.safeParse(JSON.parse(raw));
  } catch {
    return undefined;
  }
  if (!parsed.success) return undefined;
  if ((options.checkAlive ?? true) && !isAlive(parsed.data.pid)) return undefined;
  return parsed.data;
}

/** Removes the discovery file if it still describes `pid` (another broker may have replaced it). */
export function removeDiscovery(stateDir: string, pid: number = process.pid): void {
  const current = readDiscovery(stateDir, { checkAlive: false });
  if (current && current.pid !== pid) return;
  rmSync(path.join(stateDir, DISCOVERY_FILE), { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
