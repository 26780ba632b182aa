import type { Readable } from 'node:stream';
import {
  DECISION_EVENTS,
  DEFAULT_HOOK_WAIT_SECONDS,
  HOOK_AGENTS,
  type HookReply,
} from '../../adapters/coding-agents/hook-wire';
import { callBroker } from '../broker-client/broker-http';
import { locateBroker } from '../broker-client/locate-broker';
import { hookOutput } from './hook-output';
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
 * One hook call: reads the agent's event from stdin, posts it to the running broker, waits for
 * the decision and returns it in the agent's shape. Every failure (no broker, bad event, no answer
 * in time) returns one stderr line and no decision, so the agent asks in its own terminal.
 */
export async function runHook(options: HookRunOptions): Promise<HookOutcome> {
  const env = options.env ?? process.env;
  const fail = (why: string): HookOutcome => ({
    stderr: `clarity-hitl hook: ${why}; no decision, ${options.agent} asks in its terminal`,
  });
  const agent = HOOK_AGENTS.find((a) => a === options.agent);
  if (!agent) return fail(`unknown agent ${JSON.stringify(options.agent)}`);
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
  const timeoutSeconds =
    seconds(options.timeoutSeconds) ??
    seconds(Number(env.CLARITY_HITL_HOOK_TIMEOUT)) ??
    DEFAULT_HOOK_WAIT_SECONDS;
  const broker = locateBroker(options.brokerUrl, env);
  let reply: HookReply;
  try {
    reply = await callBroker<HookReply>(
      broker,
      `/api/hooks/${agent}`,
      { event: event.data, ...(asks ? { timeoutSeconds } : {}) },
      { signal: AbortSignal.timeout(asks ? timeoutSeconds * 1000 + 2_000 : INFO_LIMIT_MS) },
    );
  } catch (error) {
    const timedOut =
      error instanceof Error && /abort|timeout/i.test(`${error.name} ${error.message}`);
    if (timedOut) return fail(`the broker at ${broker.url} did not answer in time`);
    return fail(error instanceof Error ? error.message.split('. ')[0]! : String(error));
  }
  if (!asks) return { stderr: '' };
  if (!reply?.decision) return fail(reply?.why ?? 'the operator did not decide');
  const output = hookOutput(name, reply.decision);
  return output ? { stdout: JSON.stringify(output) } : { stderr: '' };
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
