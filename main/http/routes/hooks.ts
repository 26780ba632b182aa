import { z } from 'zod';
import {
  HookAgentSchema,
  HookHelloSchema,
  HookPostSchema,
} from '../../adapters/coding-agents/hook-event';
import { HookDesk } from '../../adapters/coding-agents/hook-desk';
import {
  HOOK_HELLO_PATH,
  PROOF_PURPOSE,
  decisionText,
  endpointText,
  type HookDecision,
  type SignedHookReply,
} from '../../adapters/coding-agents/hook-wire';
import { ServerStop, waitWhileConnected } from '../../adapters/held-request';
import { deriveProofKey, proofOf } from '../../service/broker-proof';
import type { RouteModule } from '../context';
import { operatorActOf } from '../guards/authority';
import type { ZodTypeProvider } from '../schema/zod-type-provider';
import { HELLO_REPLIES, HOOK_REPLIES } from './hook-replies';
import { RuleListSchema, RuleResultSchema } from '@contract/inbox-results';

const AgentParamsSchema = z.object({ agent: HookAgentSchema }).describe('path');
const RuleParamsSchema = z.object({ id: z.string().min(1).max(200) }).describe('path');
const TAGS = ['coding-agent hooks'];
const HELLO = {
  summary: 'The proof that this is the operator’s own broker, before the hook sends anything else',
  tags: TAGS,
  body: HookHelloSchema.describe('hook hello'),
  response: HELLO_REPLIES,
};
const HOOK = {
  summary: 'A hook event; held until the operator (or a rule) decides; the decision is proven',
  tags: TAGS,
  params: AgentParamsSchema,
  body: HookPostSchema.describe('hook body'),
  response: HOOK_REPLIES,
};
const REVOKE = {
  summary: 'Revoke an "always" rule',
  tags: ['rules'],
  params: RuleParamsSchema,
  response: { 200: RuleResultSchema },
};
const LIST = {
  summary: 'The remembered "always" rules',
  tags: ['rules'],
  response: { 200: RuleListSchema },
};

/**
 * Coding-agent hooks (`clarity-hitl hook claude-code|codex`) and their remembered rules:
 * - `POST /api/hooks/hello` `{ nonce }`: `{ proof, endpoint }`, the proof that this is the
 *   operator's own broker (HMAC with the proof key over the nonce and this end of the connection,
 *   `127.0.0.1:7842`); the hook sends nothing else, its credential included, before it checked it.
 * - `POST /api/hooks/{agent}` `{ event, timeoutSeconds?, nonce }`: held open until the operator
 *   decides (or a rule does at once); `{ decision: {behavior, message?, updatedInput?} | null, proof, … }` with
 *   the proof over the nonce and the decision's canonical text. Hanging up cancels.
 * - `GET /api/rules`, `POST /api/rules/{id}/revoke`: the rules list of the settings view and CLI.
 */
export const hookRoutes: RouteModule = (app, { broker, rules, operatorSecret, operations }) => {
  const desk = new HookDesk(broker, rules);
  const proofKey = deriveProofKey(operatorSecret);
  // A stopping broker lets every held hook go at once (no decision: the agent asks in its terminal).
  const stop = new ServerStop(app);

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(HOOK_HELLO_PATH, { schema: HELLO }, async (req) => {
    const { nonce } = req.body;
    // This end of the connection: a relay's own connection to the broker names the broker's end.
    const endpoint = endpointText(req.socket.localAddress, req.socket.localPort);
    return { proof: proofOf(proofKey, PROOF_PURPOSE.hello, nonce, endpoint), endpoint };
  });

  api.post('/api/hooks/:agent', { schema: HOOK }, async (req, reply): Promise<SignedHookReply> => {
    const { agent } = req.params;
    const post = req.body;
    const result = await desk.handle(agent, post, (id) =>
      stop
        .race(waitWhileConnected(broker, id, reply.raw))
        .then((resolved) => (resolved === 'stopping' ? null : resolved)),
    );
    const decision = canonicalDecision(result.decision);
    return {
      ...result,
      decision,
      proof: proofOf(proofKey, PROOF_PURPOSE.decision, post.nonce, decisionText(decision)),
    };
  });

  // The rules list and revoke are inbox operations (main/operations), the same as over IPC.
  api.get('/api/rules', { schema: LIST }, async () => operations.listRules());
  api.post('/api/rules/:id/revoke', { schema: REVOKE }, async (req) =>
    operations.revokeRule(req.params.id, operatorActOf(req)),
  );
};

/** The decision with exactly the fields the proof covers (nothing else reaches the hook). */
function canonicalDecision(decision: HookDecision | null): HookDecision | null {
  if (decision === null) return null;
  if (decision.behavior === 'allow')
    return decision.updatedInput === undefined
      ? { behavior: 'allow' }
      : { behavior: 'allow', updatedInput: decision.updatedInput };
  return decision.message === undefined
    ? { behavior: 'deny' }
    : { behavior: 'deny', message: decision.message };
}
