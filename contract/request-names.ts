/**
 * The protocol sources and request statuses, free of zod so the web inbox can check the first page
 * of a snapshot before its zod code has loaded (renderer/src/client/listed-snapshot.ts).
 */
export const SOURCES = [
  'clarity-file',
  'clarity-http',
  'tool-server-lite',
  'cueme',
  'questfoundry',
  'mcp',
  'claude-code',
  'codex',
  'hapi',
] as const;

export const STATUSES = ['pending', 'answered', 'cancelled', 'expired'] as const;
