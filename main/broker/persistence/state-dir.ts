import os from 'node:os';
import path from 'node:path';

/** The broker's state directory: explicit, else `$CLARITY_HITL_STATE_DIR`, else `~/.clarity-hitl/`. */
export function resolveStateDir(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  const chosen =
    explicit ??
    (env.CLARITY_HITL_STATE_DIR || undefined) ??
    path.join(os.homedir(), '.clarity-hitl');
  return path.resolve(chosen);
}
