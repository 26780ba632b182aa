import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod/mini';
import { DISCOVERY_FILE, readDiscovery, type Discovery } from './discovery-read';

export { DISCOVERY_FILE, readDiscovery, type Discovery };

/** `<stateDir>/broker.json` as the broker writes it; readers check it with discovery-read.ts. */
export const DiscoverySchema: z.ZodMiniType<Discovery> = z.object({
  url: z.url(),
  port: z.int().check(z.minimum(1), z.maximum(65535)),
  token: z.optional(z.string()),
  pid: z.int().check(z.positive()),
});

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

/** Removes the discovery file if it still describes `pid` (another broker may have replaced it). */
export function removeDiscovery(stateDir: string, pid: number = process.pid): void {
  const current = readDiscovery(stateDir, { checkAlive: false });
  if (current && current.pid !== pid) return;
  rmSync(path.join(stateDir, DISCOVERY_FILE), { force: true });
}
