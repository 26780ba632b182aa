import { readFileSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import { HubUrlSchema } from '../../adapters/hapi/hub-bridge/hub-client';
import { describeZodError } from '../../broker/validation';
import type { BrokerServiceOptions } from '../../service/broker-service-types';

/** `serve`'s HAPI hub flags. */
export interface HapiFlags {
  hapiHub?: string;
  hapiTokenFile?: string;
}

/** Adds `--hapi-hub` and `--hapi-token-file` to `serve`. */
export function addHapiFlags(command: Command): Command {
  return command
    .option(
      '--hapi-hub <url>',
      "follow this HAPI hub (`hapi hub`): its sessions' permission requests show in the inbox and are answered through the hub (docs/protocols.md)",
    )
    .option(
      '--hapi-token-file <path>',
      "the hub's CLI_API_TOKEN (first line; the file must not be readable by others: chmod 600)",
    );
}

/**
 * The `hapiHub` service option of these flags, checked before anything starts: a bad URL, a
 * missing, empty or shared token file is a usage error naming the flag (the token never shown).
 */
export function hapiOptions(
  flags: HapiFlags,
  fail: (message: string) => never,
): Pick<BrokerServiceOptions, 'hapiHub'> {
  if (flags.hapiHub === undefined) {
    if (flags.hapiTokenFile !== undefined) fail('--hapi-token-file needs --hapi-hub <url>');
    return {};
  }
  const url = HubUrlSchema.safeParse(flags.hapiHub);
  if (!url.success) fail(`--hapi-hub: expected an http(s) URL: ${describeZodError(url.error)}`);
  if (flags.hapiTokenFile === undefined)
    fail("--hapi-hub needs --hapi-token-file <path> (the hub's CLI_API_TOKEN)");
  return { hapiHub: { url: url.data!, accessToken: readPrivateToken(flags.hapiTokenFile!, fail) } };
}

/** The first line of a token file only its owner can read (POSIX mode 0600 or stricter). */
function readPrivateToken(file: string, fail: (message: string) => never): string {
  let text: string;
  let shared: boolean;
  try {
    shared = process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0;
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return fail(`--hapi-token-file ${file}: ${(error as Error).message}`);
  }
  if (shared) fail(`--hapi-token-file ${file}: others can read it; chmod 600 ${file}`);
  const token = text.split(/\r?\n/)[0]!.trim();
  if (!token) fail(`--hapi-token-file ${file}: the file is empty`);
  return token;
}
