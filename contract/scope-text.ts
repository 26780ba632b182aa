/** The fields of a rule scope (RuleScope in approval.ts) that name what it covers. */
export interface ScopeFields {
  command?: string;
  commandPrefix?: string;
  paths?: string[];
  pathGlob?: string;
  domain?: string;
}

/**
 * The scope's own text: `npm test`, `src/**`, `a.ts, b.ts`, `example.com` ('' for any input).
 * Free of zod, so the renderer's first load does not carry it.
 */
export function scopeText(scope: ScopeFields): string {
  return (
    scope.command ??
    scope.commandPrefix ??
    scope.paths?.join(', ') ??
    scope.pathGlob ??
    scope.domain ??
    ''
  );
}
