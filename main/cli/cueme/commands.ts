import { RUNTIME_PATTERN } from '../../adapters/cueme/agent-registry';
import type { AgentReply, CueOutcome } from '../../adapters/cueme/wire';
import { callBroker } from '../broker-client/broker-http';
import type { BrokerLocation } from '../broker-client/locate-broker';
import { parseEnvelope } from './envelope';
import { outcomeText } from './outcome-text';
import { detectTerminal } from './terminal';

/** A usage or envelope problem: one line on stderr, exit 2. */
export class UsageError extends Error {}

/** Default seconds `cue` waits for the operator. */
export const DEFAULT_CUE_TIMEOUT_SEC = 600;

export interface CommandIo {
  stdout: (text: string) => void;
  readStdin: () => Promise<string>;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** `cueme join <agent_runtime>`: prints the join message and the four `key=value` lines. */
export async function join(
  broker: BrokerLocation,
  runtime: string,
  io: CommandIo,
): Promise<number> {
  if (!RUNTIME_PATTERN.test(runtime)) {
    throw new UsageError(
      `agent_runtime "${runtime}" must be lowercase letters and _ only (e.g. claude_code, cursor, terminal)`,
    );
  }
  const reply = await callBroker<AgentReply>(broker, '/api/cueme/join', {
    agent_runtime: runtime,
    project_dir: io.cwd,
    agent_terminal: detectTerminal(io.env),
  });
  io.stdout(agentLines(reply));
  return 0;
}

/** `cueme recall <hints>`: prints the recalled agent's facts. */
export async function recall(
  broker: BrokerLocation,
  hints: string,
  io: CommandIo,
): Promise<number> {
  if (!hints.trim())
    throw new UsageError('recall needs hints, e.g. `cueme recall claude_code my-project`');
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
  if (mode === 'cue' && source !== '-') {
    throw new UsageError(
      'cue reads its envelope from stdin: run `cueme cue <agent_id> -` and pipe the <cueme_prompt> block',
    );
  }
  if (source === '-') {
    ({ prompt, payload } = parseEnvelope(await io.readStdin(), { allowPayload: mode === 'cue' }));
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
  const { text, exitCode } = outcomeText(outcome, agentId, mode);
  io.stdout(text.endsWith('\n') ? text : `${text}\n`);
  return exitCode;
}

function agentLines(reply: AgentReply): string {
  return [
    reply.message,
    `agent_id=${reply.agent_id}`,
    `project_dir=${reply.project_dir}`,
    `agent_terminal=${reply.agent_terminal}`,
    `agent_runtime=${reply.agent_runtime}`,
    '',
  ].join('\n');
}
