import { z } from 'zod';
import { waitWhileConnected } from '../../adapters/held-request';
import { AgentRegistry } from '../../adapters/cueme/agent-registry';
import { agentReply, cueOutcome, openCue } from '../../adapters/cueme/cue-request';
import { CueBodySchema, JoinBodySchema, RecallBodySchema } from '../../adapters/cueme/wire';
import type { RouteModule } from '../context';
import { HttpError } from '../http-error';
import { InvalidInputError } from '../../broker/errors';
import type { ZodTypeProvider } from '../schema/zod-type-provider';

const TAGS = ['cueme (HAP)'];
const AgentReply = z
  .object({
    agent_id: z.string(),
    project_dir: z.string(),
    agent_terminal: z.string(),
    agent_runtime: z.string(),
    message: z.string(),
  })
  .describe('the agent: its agent_id for `cueme cue`, what it joined with, and a message');
const CueOutcome = z
  .object({
    status: z.string(),
    text: z.string().optional(),
    reason: z.string().optional(),
    timeout_sec: z.number().optional(),
  })
  .describe('answered (text), cancelled (reason?) or expired (timeout_sec?)');

/**
 * HAP / `cueme` (docs/protocols.md#hap--cueme), broker side: `join`, `recall` and the held
 * `cue`/`pause` the `cueme` CLI calls. Errors are `{error, message}` (docs/http-api.md).
 */
export const cuemeRoutes: RouteModule = (app, { broker }) => {
  const agents = new AgentRegistry();
  const api = app.withTypeProvider<ZodTypeProvider>();
  const joinSchema = {
    summary: 'Join: a new agent_id',
    tags: TAGS,
    body: JoinBodySchema.describe('join body'),
    response: { 200: AgentReply },
  };
  api.post('/api/cueme/join', { schema: joinSchema }, async (req) => {
    const body = req.body;
    const agent = agents.join(body.agent_runtime, body.project_dir, body.agent_terminal);
    return agentReply(agent, `joined as ${agent.id}; use it with \`cueme cue ${agent.id} -\``);
  });

  const recallSchema = {
    summary: 'Recall the known agent matching the most hint words',
    tags: TAGS,
    body: RecallBodySchema.describe('recall body'),
    response: { 200: AgentReply },
  };
  api.post('/api/cueme/recall', { schema: recallSchema }, async (req) => {
    const { hints } = req.body;
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

  const cueSchema = {
    summary: 'A cue or pause, held until the operator answers, cancels or it expires',
    tags: TAGS,
    body: CueBodySchema.describe('cue body'),
    response: { 200: CueOutcome },
  };
  api.post('/api/cueme/cue', { schema: cueSchema }, async (req, reply) => {
    const body = req.body;
    if (body.mode === 'cue' && !body.prompt.trim())
      throw new InvalidInputError('invalid cue body: prompt: must not be empty', 'prompt');
    const request = openCue(broker, agents, body);
    const resolved = await waitWhileConnected(broker, request.id, reply.raw);
    if (!resolved) return reply; // the agent hung up; its request was cancelled
    return cueOutcome(resolved, body.timeout_sec);
  });
};
