import { readFileSync } from 'node:fs';
import { readConfig } from '../../config/config-schema';
import { ConfigError } from '../../config/env-read';

/**
 * Named operators' `name=token` pairs from outside argv (where `ps` would show them): the file of
 * `--operator-token-file` (else `$CLARITY_HITL_OPERATOR_TOKEN_FILE`), one pair per line (blank
 * lines and `#` comments skipped), and `$CLARITY_HITL_OPERATOR_TOKENS` (pairs separated by commas
 * or white space). An unreadable file or a bad variable is a usage error.
 */
export function operatorTokensFromEnvAndFile(
  file: string | undefined,
  fail: (message: string) => never,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const pairs: string[] = [];
  let config: { operatorTokens?: string[]; operatorTokenFile?: string };
  try {
    config = readConfig(env, ['operatorTokens', 'operatorTokenFile']);
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
  const path = file ?? config.operatorTokenFile;
  if (path !== undefined) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      return fail(`--operator-token-file ${path}: ${(error as Error).message}`);
    }
    for (const line of text.split(/\r?\n/)) {
      const pair = line.trim();
      if (pair && !pair.startsWith('#')) pairs.push(pair);
    }
    if (pairs.length === 0) return fail(`--operator-token-file ${path}: no name=token line`);
  }
  return [...pairs, ...(config.operatorTokens ?? [])];
}
