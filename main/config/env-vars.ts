import type { EnvVar } from './env-read';
import * as p from './env-parsers';

// Every environment variable of the broker, one plain constant each, so the hook's bundle keeps
// only the few it reads. Help and docs: settings-table.ts (docs/cli.md#configuration lists them).

export const BROKER_URL: EnvVar<string> = {
  name: 'CLARITY_HITL_BROKER',
  aliases: ['CLARITY_HITL_BROKER_URL'],
  parse: p.httpUrl,
};
export const TOKEN: EnvVar<string> = {
  name: 'CLARITY_HITL_TOKEN',
  aliases: ['CLARITY_HITL_BROKER_TOKEN'],
  parse: p.text,
  secret: true,
};
export const HANDSHAKE_DIR: EnvVar<string> = {
  name: 'CLARITY_HITL_DIR',
  aliases: [],
  parse: p.text,
};
export const STATE_DIR: EnvVar<string> = {
  name: 'CLARITY_HITL_STATE_DIR',
  aliases: [],
  parse: p.text,
};
export const STORE: EnvVar<string> = {
  name: 'CLARITY_HITL_STORE',
  aliases: [],
  parse: p.text,
  secret: true,
};
export const OPERATOR_TOKENS: EnvVar<string[]> = {
  name: 'CLARITY_HITL_OPERATOR_TOKENS',
  aliases: [],
  parse: p.pairs,
  secret: true,
};
export const OPERATOR_TOKEN_FILE: EnvVar<string> = {
  name: 'CLARITY_HITL_OPERATOR_TOKEN_FILE',
  aliases: [],
  parse: p.text,
};
export const NTFY: EnvVar<string> = {
  name: 'CLARITY_HITL_NTFY',
  aliases: [],
  parse: p.text,
  secret: true,
};
export const OPERATOR_ANSWERS_ONLY: EnvVar<boolean> = {
  name: 'CLARITY_HITL_OPERATOR_ANSWERS_ONLY',
  aliases: [],
  parse: p.onOff,
};
export const ALLOW_QUERY_TOKEN: EnvVar<boolean> = {
  name: 'CLARITY_HITL_ALLOW_QUERY_TOKEN',
  aliases: [],
  parse: p.onOff,
};
export const HOOK_TIMEOUT: EnvVar<number> = {
  name: 'CLARITY_HITL_HOOK_TIMEOUT',
  aliases: [],
  parse: p.positiveSeconds,
};
export const MCP_HANDOFF_SECONDS: EnvVar<number> = {
  name: 'CLARITY_HITL_MCP_HANDOFF_SECONDS',
  aliases: [],
  parse: p.seconds,
};
export const MCP_PROGRESS_MS: EnvVar<number> = {
  name: 'CLARITY_HITL_MCP_PROGRESS_MS',
  aliases: [],
  parse: p.milliseconds,
};
export const REMOTES: EnvVar<string[]> = {
  name: 'CLARITY_HITL_REMOTES',
  aliases: [],
  parse: p.list,
};
export const REMOTE_TOKENS: EnvVar<string[]> = {
  name: 'CLARITY_HITL_REMOTE_TOKENS',
  aliases: [],
  parse: p.pairs,
  secret: true,
};
export const USER_DATA_DIR: EnvVar<string> = {
  name: 'HITL_USER_DATA_DIR',
  aliases: [],
  parse: p.text,
};
export const TEST_HOOKS: EnvVar<boolean> = { name: 'HITL_TEST_HOOKS', aliases: [], parse: p.onOff };
export const HEADLESS: EnvVar<boolean> = { name: 'HITL_HEADLESS', aliases: [], parse: p.onOff };
