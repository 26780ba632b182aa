import type { AgentInfo } from '@contract/request';
import { agentName } from './agent-name';

/** HAP `agent_runtime`: lowercase letters and `_` only (e.g. `claude_code`). */
export const RUNTIME_PATTERN = /^[a-z][a-z_]*$/;
/** What an agent_id may look like (ids we mint are 8–12 lowercase letters, as cueme's). */
export const AGENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;

export interface CuemeAgent extends AgentInfo {
  runtime: string;
  lastSeen: number;
}

/**
 * The agents that joined (or cued) this broker, in memory and bounded. An agent that cues with an
 * id the broker does not know (e.g. after a broker restart) is registered on the spot, so a
 * reconnecting agent keeps its agent_id as the protocol asks.
 */
export class AgentRegistry {
  private readonly agents = new Map<string, CuemeAgent>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly capacity = 1000,
  ) {}

  /** `join`: mints a new agent_id for this runtime / project / terminal. */
  join(runtime: string, projectDir?: string, terminal?: string): CuemeAgent {
    let id: string;
    do id = agentName();
    while (this.agents.has(id));
    return this.remember({ id, runtime, projectDir, terminal, lastSeen: this.now() });
  }

  /** Records an agent seen on `cue`/`pause`, keeping what `join` told us unless newer facts came. */
  touch(id: string, facts: { projectDir?: string; terminal?: string } = {}): CuemeAgent {
    const known = this.agents.get(id);
    const runtime = known?.runtime ?? runtimeOf(id);
    return this.remember({
      id,
      runtime,
      projectDir: facts.projectDir ?? known?.projectDir,
      terminal: facts.terminal ?? known?.terminal,
      lastSeen: this.now(),
    });
  }

  get(id: string): CuemeAgent | undefined {
    return this.agents.get(id);
  }

  /**
   * `recall`: the agent best matching free-text hints (an exact agent_id wins; otherwise the most
   * hint words found in its id, runtime, project dir or terminal; ties go to the most recent).
   */
  recall(hints: string): CuemeAgent | undefined {
    const exact = this.agents.get(hints.trim());
    if (exact) return exact;
    const words = hints
      .toLowerCase()
      .split(/[\s,;]+/)
      .filter(Boolean);
    let best: CuemeAgent | undefined;
    let bestScore = 0;
    for (const agent of this.agents.values()) {
      const haystack = [agent.id, agent.runtime, agent.projectDir, agent.terminal]
        .join('\n')
        .toLowerCase();
      const score = words.filter((w) => haystack.includes(w)).length;
      if (
        score > 0 &&
        (score > bestScore || (score === bestScore && agent.lastSeen >= (best?.lastSeen ?? 0)))
      ) {
        best = agent;
        bestScore = score;
      }
    }
    return best;
  }

  private remember(agent: CuemeAgent): CuemeAgent {
    this.agents.delete(agent.id);
    this.agents.set(agent.id, agent);
    if (this.agents.size > this.capacity) this.agents.delete(this.agents.keys().next().value!);
    return agent;
  }
}

/** The runtime part of an older id of the form `claude_code-1a2b3c4d`, else `unknown`. */
function runtimeOf(id: string): string {
  const prefix = id.split('-')[0] ?? '';
  return RUNTIME_PATTERN.test(prefix) ? prefix : 'unknown';
}
