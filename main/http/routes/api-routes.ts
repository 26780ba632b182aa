import { operatorActOf } from '../guards/authority';
import { z } from 'zod';
import {
  HISTORY_DEFAULT_LIMIT,
  HISTORY_MAX_LIMIT,
  HISTORY_QUERY_MAX,
} from '@contract/history-search';
import { AnswerInputSchema } from '@contract/request';
import { parseOrThrow } from '../../broker/validation';
import { createInboxOperations } from '../../operations/inbox-operations';
import type { RouteModule } from '../context';

const HistoryQuerySchema = z.object({
  q: z.string().max(HISTORY_QUERY_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_MAX_LIMIT).default(HISTORY_DEFAULT_LIMIT),
});
const CancelSchema = z.object({ reason: z.string().max(10_000).optional() }).default({});
const IdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/**
 * The UI's rich routes (the InboxClient's HTTP transport), documented in docs/http-api.md. Each
 * one parses its input and calls the shared inbox operations (main/operations), as IPC does.
 */
export const apiRoutes: RouteModule = (app, context) => {
  const operations = createInboxOperations({
    broker: context.broker,
    history: context.history,
    agentMessages: (agentId) => context.agentMessages.list(agentId),
    runs: context.runs,
    rules: context.rules,
  });
  const idOf = (params: unknown): string => parseOrThrow(IdParamsSchema, params, 'path').id;

  app.get('/api/info', async () => ({
    version: context.version,
    dirs: context.dirs,
    dirProblems: context.dirProblems(),
    tokenRequired: context.tokenRequired,
    url: context.url(),
  }));

  app.get('/api/requests', async () => {
    const { requests, seq } = operations.listPending();
    return { requests, seq };
  });

  app.get('/api/history', async (request) => {
    const { q, limit } = parseOrThrow(HistoryQuerySchema, request.query, 'query');
    return { requests: operations.history(q, limit) };
  });

  app.post('/api/requests/:id/answer', async (request) => {
    const id = idOf(request.params);
    operations.get(id);
    const input = parseOrThrow(AnswerInputSchema, request.body, 'answer');
    return { request: await operations.answer(id, input, operatorActOf(request)) };
  });

  app.post('/api/requests/:id/cancel', async (request) => {
    const id = idOf(request.params);
    operations.get(id);
    const { reason } = parseOrThrow(CancelSchema, request.body ?? {}, 'cancel');
    return { request: await operations.cancel(id, reason, operatorActOf(request)) };
  });

  app.get('/api/requests/:id/files', async (request) => operations.listFiles(idOf(request.params)));
};
