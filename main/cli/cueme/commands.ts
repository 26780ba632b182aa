import { RUNTIME_PATTERN } from '../../adapters/cueme/agent-registry';
import type { AgentReply, CueOutcome } from '../../adapters/cueme/wire';
import { callBroker } from '../broker-client/broker-http';
import type { BrokerLocation } from '../broker-client/locate-broker';
import { parseEnvelope } from './envelope';
import { emptyStdinError, joinInstructions } from './original-text';
import { outcomeText } from './outcome-text';
import { detectTerminal } from './terminal';

/** A usage or envelope problem: its text goes to stderr as is, exit 2. */
export class UsageError extends Error {}

/** Default seconds `cue` waits for the operator (the original's fixed 10 minutes). */
export const DEFAULT_CUE_TIMEOUT_SEC = 600;

export interface CommandIo {
  stdout: (text: string) => void;
  readStdin: () => Promise<string>;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** The original's runtime normalisation: trimmed, lowercase, `-`/spaces → `_`, empty → unknown. */
export function normalizeRuntime(raw: string): string {
  return (
    raw
      .trim()
      .toLowerCase()
      .replace(/[-\s]+/g, '_') || 'unknown'
  );
}

/** `cueme join <agent_runtime>`: the four `key=value` facts, then how to cue. */
export async function join(
  broker: BrokerLocation,
  rawRuntime: string,
  io: CommandIo,
): Promise<number> {
  const runtime = normalizeRuntime(rawRuntime);
  if (!RUNTIME_PATTERN.test(runtime)) {
    throw new UsageError(
      `error: agent_runtime "${runtime}" must be lowercase letters and _ only (e.g. claude_code, cursor, terminal)\n`,
    );
  }
  const reply = await callBroker<AgentReply>(broker, '/api/cueme/join', {
    agent_runtime: runtime,
    project_dir: io.cwd,
    agent_terminal: detectTerminal(io.env),
  });
  io.stdout(`${agentLines(reply)}\n${joinInstructions()}\n`);
  return 0;
}

/** `cueme recall <hints>`: the recalled agent's four facts. */
export async function recall(
  broker: BrokerLocation,
  hints: string,
  io: CommandIo,
): Promise<number> {
  if (!hints.trim()) throw new UsageError('error: missing <hints>\n');
  io.stdout(agentLines(await callBroker<AgentReply>(broker, '/api/cueme/recall', { hints })));
  return 0;
}

/** `cueme cue <agent_id> -` and `cueme pause <agent_id> [prompt | -]`: blocks until resolved. */
export async function cue(
  broker: BrokerLocation,
  mode: 'cue' | 'pause',
  agentId: string,
  source: string | undefined,
  timeoutSec: number | null,
  io: CommandIo,
): Promise<number> {
  let prompt = '';
  let payload = null;
  if (source === '-') {
    const raw = await io.readStdin();
    if (!raw.trim()) throw new UsageError(emptyStdinError(mode === 'cue'));
    ({ prompt, payload } = parseEnvelope(raw, { allowPayload: mode === 'cue' }));
  } else if (source !== undefined) {
    prompt = source;
  }
  const outcome = await callBroker<CueOutcome>(broker, '/api/cueme/cue', {
    agent_id: agentId,
    mode,
    prompt,
    payload,
    timeout_sec: timeoutSec,
    project_dir: io.cwd,
    agent_terminal: detectTerminal(io.env),
  });
  io.stdout(`${outcomeText(outcome, mode)}\n`);
  return 0;
}

function agentLines(reply: AgentReply): string {
  return [
    `agent_id=${reply.agent_id}`,
    `project_dir=${reply.project_dir}`,
    `agent_terminal=${reply.agent_terminal}`,
    `agent_runtime=${reply.agent_runtime}`,
    '',
  ].join('\n');
}
