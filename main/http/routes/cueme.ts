import { waitWhileConnected } from '../../adapters/held-request';
import { AgentRegistry } from '../../adapters/cueme/agent-registry';
import { agentReply, cueOutcome, openCue } from '../../adapters/cueme/cue-request';
import { CueBodySchema, JoinBodySchema, RecallBodySchema } from '../../adapters/cueme/wire';
import { parseOrThrow } from '../../broker/validation';
import type { RouteModule } from '../context';
import { HttpError } from '../http-error';
import { InvalidInputError } from '../../broker/errors';

/**
 * HAP / `cueme` (docs/protocols.md#hap--cueme), broker side: `join`, `recall` and the held
 * `cue`/`pause` the `cueme` CLI calls. Errors are `{error, message}` (docs/http-api.md).
 */
export const cuemeRoutes: RouteModule = (app, { broker }) => {
  const agents = new AgentRegistry();

  app.post('/api/cueme/join', async (req) => {
    const body = parseOrThrow(JoinBodySchema, req.body ?? {}, 'join body');
    const agent = agents.join(body.agent_runtime, body.project_dir, body.agent_terminal);
    return agentReply(agent, `joined as ${agent.id}; use it with \`cueme cue ${agent.id} -\``);
  });

  app.post('/api/cueme/recall', async (req) => {
    const { hints } = parseOrThrow(RecallBodySchema, req.body ?? {}, 'recall body');
    const agent = agents.recall(hints);
    if (!agent) {
      throw new HttpError(
        404,
        'not_found',
        `no agent matches "${hints}"; run \`cueme join <agent_runtime>\` to get a new agent_id`,
      );
    }
    return agentReply(agent, `recalled ${agent.id}`);
  });

  app.post('/api/cueme/cue', async (req, reply) => {
    const body = parseOrThrow(CueBodySchema, req.body ?? {}, 'cue body');
    if (body.mode === 'cue' && !body.prompt.trim())
      throw new InvalidInputError('invalid cue body: prompt: must not be empty', 'prompt');
    const request = openCue(broker, agents, body);
    const resolved = await waitWhileConnected(broker, request.id, reply.raw);
    if (!resolved) return reply; // the agent hung up; its request was cancelled
    return cueOutcome(resolved, body.timeout_sec);
  });
};
