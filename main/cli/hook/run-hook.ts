import type { Readable } from 'node:stream';
import {
  DECISION_EVENTS,
  DEFAULT_HOOK_WAIT_SECONDS,
  HOOK_AGENTS,
  HOOK_REPLY_LIMIT,
} from '../../adapters/coding-agents/hook-wire';
import { ConfigError, readVar } from '../../config/env-read';
import { HOOK_TIMEOUT } from '../../config/env-vars';
import { callBroker } from '../broker-client/broker-http';
import { newNonce, trustedBroker, UntrustedBrokerError } from './broker-trust';
import { hookOutput } from './hook-output';
import { readSignedReply } from './hook-reply';
import { checkHookStdin } from './hook-stdin';

/** Informational events (Notification, Stop, ...) never hold the agent longer than this. */
const INFO_LIMIT_MS = 3_000;
const STDIN_LIMIT = 4 * 1024 * 1024;
const STDIN_WAIT_MS = 10_000;

export interface HookRunOptions {
  agent: string;
  stdin: Readable;
  brokerUrl?: string;
  timeoutSeconds?: number;
  env?: NodeJS.ProcessEnv;
}

/** What the hook prints: JSON for stdout (a decision) or one line for stderr; never both. */
export type HookOutcome = { stdout: string } | { stderr: string };

/**
 * One hook call: reads the agent's event from stdin, checks that the broker is the operator's
 * own (broker-trust.ts), posts the event, waits for the decision and returns it in the agent's
 * shape when it is a well-formed decision carrying the broker's proof. Everything else (unknown
 * agent, bad event, no broker, a squatter, a malformed, oversized or unproven reply, no answer in
 * time) returns one stderr line and no decision, so the agent asks in its own terminal.
 */
export async function runHook(options: HookRunOptions): Promise<HookOutcome> {
  const env = options.env ?? process.env;
  const fail = (why: string): HookOutcome => ({
    stderr: oneLine(`clarity-hitl hook: ${why}; no decision, the agent asks in its terminal`),
  });
  const agent = HOOK_AGENTS.find((a) => a === options.agent);
  if (!agent)
    return fail(
      `unknown agent ${JSON.stringify(options.agent).slice(0, 80)} (use ${HOOK_AGENTS.join(' or ')})`,
    );
  let raw: unknown;
  try {
    raw = JSON.parse(await readAll(options.stdin));
  } catch (error) {
    return fail(`stdin is not a JSON event (${error instanceof Error ? error.message : error})`);
  }
  const event = checkHookStdin(raw);
  if (!event.success) return fail(`invalid hook event: ${event.error}`);

  const name = event.data.hook_event_name;
  const asks = (DECISION_EVENTS as readonly string[]).includes(name);
  let reply: unknown;
  let key: string;
  let timeoutSeconds = DEFAULT_HOOK_WAIT_SECONDS;
  const nonce = newNonce();
  try {
    timeoutSeconds =
      seconds(options.timeoutSeconds) ?? seconds(readVar(HOOK_TIMEOUT, env)) ?? timeoutSeconds;
    const broker = await trustedBroker(options.brokerUrl, env);
    key = broker.key;
    reply = await callBroker<unknown>(
      broker.location,
      `/api/hooks/${agent}`,
      { event: event.data, ...(asks ? { timeoutSeconds } : {}), nonce },
      {
        signal: AbortSignal.timeout(asks ? timeoutSeconds * 1000 + 2_000 : INFO_LIMIT_MS),
        maxBytes: HOOK_REPLY_LIMIT,
        headers: broker.headers,
      },
    );
  } catch (error) {
    if (error instanceof UntrustedBrokerError || error instanceof ConfigError)
      return fail(error.message);
    const timedOut =
      error instanceof Error && /abort|timeout/i.test(`${error.name} ${error.message}`);
    if (timedOut) return fail('the broker did not answer in time');
    return fail(error instanceof Error ? error.message.split('. ')[0]! : String(error));
  }
  if (!asks) return { stderr: '' };
  const verdict = readSignedReply(reply, key, nonce);
  if (verdict.kind !== 'decision') return fail(verdict.why);
  const output = hookOutput(agent, name, verdict.decision);
  if (output) return { stdout: JSON.stringify(output) };
  return fail(`${agent} takes no "${verdict.decision.behavior}" from a ${name} hook`);
}

/** One line of at most 500 characters: text from a broker or a port holder stays one line. */
function oneLine(text: string): string {
  const line = text.replace(/[\r\n\t]+/g, ' ');
  return line.length > 500 ? `${line.slice(0, 497)}...` : line;
}

/** A usable wait in seconds (positive, at most a day), else undefined. */
function seconds(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) && value > 0
    ? Math.min(value, 86_400)
    : undefined;
}

/** The whole of stdin as UTF-8, bounded in size and time. */
function readAll(stream: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => finish(new Error('stdin stayed open')), STDIN_WAIT_MS);
    const finish = (error?: Error) => {
      clearTimeout(timer);
      stream.off('data', onData).off('end', onEnd).off('error', finish);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > STDIN_LIMIT) return finish(new Error('stdin is over 4 MiB'));
      chunks.push(chunk);
    };
    const onEnd = () => finish();
    stream.on('data', onData).on('end', onEnd).on('error', finish);
  });
}
