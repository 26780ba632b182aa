import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Ajv } from 'ajv';

const DIR = path.resolve(import.meta.dirname, '../fixtures/hooks');

export type EventName =
  | 'claude-bash'
  | 'claude-ask-user-question'
  | 'claude-edit'
  | 'claude-write'
  | 'claude-multiedit'
  | 'claude-mcp'
  | 'claude-unknown'
  | 'claude-pretooluse-bash'
  | 'claude-notification'
  | 'claude-stop'
  | 'claude-session-end'
  | 'codex-bash';

/** A documented hook payload from test/fixtures/hooks/events, optionally changed. */
export function hookEvent(
  name: EventName,
  patch: Record<string, unknown> = {},
): Record<string, unknown> {
  const event = JSON.parse(readFileSync(path.join(DIR, 'events', `${name}.json`), 'utf8'));
  return { ...event, ...patch };
}

/** stdin carrying `value` (a string as is, anything else as JSON). */
export function stdinOf(value: unknown): Readable {
  return Readable.from([Buffer.from(typeof value === 'string' ? value : JSON.stringify(value))]);
}

const ajv = new Ajv({ strict: false, allErrors: true });

/** Validates `value` against a schema file of test/fixtures/hooks/schemas; returns the errors. */
export function schemaErrors(schemaFile: string, value: unknown): string[] {
  const schema = JSON.parse(readFileSync(path.join(DIR, 'schemas', schemaFile), 'utf8'));
  const validate =
    ajv.getSchema(schema.$id ?? schemaFile) ??
    ajv.compile({ ...schema, $id: schema.$id ?? schemaFile });
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** The published output schemas a printed decision must pass, per agent and event. */
export const OUTPUT_SCHEMAS: Record<string, Record<string, string[]>> = {
  'claude-code': {
    PermissionRequest: [
      'claude-code-permission-request.output.schema.json',
      // Claude Code and Codex share this shape; Codex publishes it as a JSON Schema.
      'codex-permission-request.command.output.schema.json',
    ],
    PreToolUse: [
      'claude-code-pre-tool-use.output.schema.json',
      'codex-pre-tool-use.command.output.schema.json',
    ],
  },
  codex: {
    PermissionRequest: ['codex-permission-request.command.output.schema.json'],
    PreToolUse: ['codex-pre-tool-use.command.output.schema.json'],
  },
};
