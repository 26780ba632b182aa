import { readFileSync } from 'node:fs';

/**
 * Named operators' `name=token` pairs from outside argv (where `ps` would show them): the file of
 * `--operator-token-file` (else `$CLARITY_HITL_OPERATOR_TOKEN_FILE`), one pair per line (blank
 * lines and `#` comments skipped), and `$CLARITY_HITL_OPERATOR_TOKENS` (pairs separated by commas
 * or white space). An unreadable file is a usage error.
 */
export function operatorTokensFromEnvAndFile(
  file: string | undefined,
  fail: (message: string) => never,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const pairs: string[] = [];
  const path = file ?? (env.CLARITY_HITL_OPERATOR_TOKEN_FILE || undefined);
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
  for (const pair of (env.CLARITY_HITL_OPERATOR_TOKENS ?? '').split(/[\s,]+/))
    if (pair) pairs.push(pair);
  return pairs;
}
