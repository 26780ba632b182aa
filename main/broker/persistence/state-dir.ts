import os from 'node:os';
import path from 'node:path';
import { readVar } from '../../config/env-read';
import { STATE_DIR } from '../../config/env-vars';

/** The broker's state directory: explicit, else `$CLARITY_HITL_STATE_DIR`, else `~/.clarity-hitl/`. */
export function resolveStateDir(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = explicit ?? readVar(STATE_DIR, env) ?? path.join(os.homedir(), '.clarity-hitl');
  return path.resolve(chosen);
}
