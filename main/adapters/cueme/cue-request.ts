import type { Broker } from '../../broker/broker';
import type { HitlRequest } from '@contract/request';
import { titleFromPrompt } from '../title-from-prompt';
import { cuemeReply } from './cueme-reply';
import type { AgentRegistry, CuemeAgent } from './agent-registry';
import { payloadToInput } from './payload';
import type { CueBody, CueOutcome, AgentReply } from './wire';

export const CUEME_SOURCE = 'cueme' as const;
export const PAUSE_PROMPT = 'The agent paused and waits for you to continue.';

/** Opens the broker request for one `cue`/`pause`; the request is grouped under its agent. */
export function openCue(
  broker: Broker,
  agents: AgentRegistry,
  body: CueBody,
  now = Date.now(),
): HitlRequest {
  const agent = agents.touch(body.agent_id, {
    projectDir: body.project_dir,
    terminal: body.agent_terminal,
  });
  const pause = body.mode === 'pause';
  const prompt = body.prompt.trim() ? body.prompt : pause ? PAUSE_PROMPT : '';
  const title = pause ? 'Paused: continue when ready' : titleFromPrompt(prompt);
  // The held cue's reply carries the answer: its sending is reported (held-request.ts).
  broker.deliveries.expect(CUEME_SOURCE);
  return broker.add({
    source: CUEME_SOURCE,
    key: `${agent.id}#${now.toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    agent: agentInfo(agent),
    ...(title ? { title } : {}),
    prompt,
    input: pause
      ? { kind: 'text', placeholder: 'Optional message; send to continue' }
      : payloadToInput(body.payload),
    createdAt: now,
    ...(body.timeout_sec ? { expiresAt: now + body.timeout_sec * 1000 } : {}),
    meta: { mode: body.mode, payload: body.payload },
  });
}

/** The held cue's reply once its request left pending. */
export function cueOutcome(request: HitlRequest, timeoutSec?: number | null): CueOutcome {
  if (request.status === 'answered') {
    const reply = cuemeReply(request);
    return reply.op === 'answer'
      ? { status: 'answered', text: reply.text }
      : { status: 'cancelled', reason: 'declined' };
  }
  if (request.status === 'cancelled')
    return request.cancelReason
      ? { status: 'cancelled', reason: request.cancelReason }
      : { status: 'cancelled' };
  return timeoutSec ? { status: 'expired', timeout_sec: timeoutSec } : { status: 'expired' };
}

/** join/recall reply; the CLI prints the four `key=value` facts. */
export function agentReply(agent: CuemeAgent, message: string): AgentReply {
  return {
    agent_id: agent.id,
    project_dir: agent.projectDir ?? '',
    agent_terminal: agent.terminal ?? '',
    agent_runtime: agent.runtime,
    message,
  };
}

function agentInfo(agent: CuemeAgent) {
  return {
    id: agent.id,
    runtime: agent.runtime,
    ...(agent.projectDir ? { projectDir: agent.projectDir } : {}),
    ...(agent.terminal ? { terminal: agent.terminal } : {}),
  };
}
