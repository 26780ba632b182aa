import { operatorActOf } from '../guards/authority';
import { z } from 'zod';
import {
  HISTORY_DEFAULT_LIMIT,
  HISTORY_MAX_LIMIT,
  HISTORY_QUERY_MAX,
} from '@contract/history-search';
import { AnswerInputSchema } from '@contract/request';
import { BrokerInfoSchema } from '@contract/broker-info';
import {
  FileListSchema,
  PendingListSchema,
  RequestListSchema,
  RequestResultSchema,
} from '@contract/inbox-results';
import type { RouteModule } from '../context';
import type { ZodTypeProvider } from '../schema/zod-type-provider';

const HistoryQuerySchema = z.object({
  q: z.string().max(HISTORY_QUERY_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_MAX_LIMIT).default(HISTORY_DEFAULT_LIMIT),
});
const CancelSchema = z.object({ reason: z.string().max(10_000).optional() }).default({});
const IdParamsSchema = z.object({ id: z.string().min(1).max(200) }).describe('path');
const TAGS = ['inbox'];
const ANSWER = {
  summary: 'Answer a pending request (the first answer wins)',
  tags: TAGS,
  params: IdParamsSchema,
  body: AnswerInputSchema.describe('answer'),
  response: { 200: RequestResultSchema },
};
const CANCEL = {
  summary: 'Cancel a pending request, with an optional reason',
  tags: TAGS,
  params: IdParamsSchema,
  body: CancelSchema.describe('cancel'),
  response: { 200: RequestResultSchema },
};

/**
 * The UI's rich routes (the InboxClient's HTTP transport), documented in docs/http-api.md. Each
 * one parses its input and calls the shared inbox operations (main/operations), as IPC does.
 */
export const apiRoutes: RouteModule = (app, context) => {
  const { operations } = context;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const info = {
    summary: 'The broker: version, watched dirs, their problems, its URL',
    tags: TAGS,
    response: { 200: BrokerInfoSchema },
  };
  api.get('/api/info', { schema: info }, async () => ({
    version: context.version,
    dirs: context.dirs,
    dirProblems: [...context.dirProblems()],
    tokenRequired: context.tokenRequired,
    url: context.url(),
  }));

  const pending = {
    summary: 'Every pending request, the event sequence it is as of, and how many are pending',
    tags: TAGS,
    response: { 200: PendingListSchema },
  };
  api.get('/api/requests', { schema: pending }, async () => operations.listPending());

  const history = {
    summary: 'Resolved requests, newest first, optionally searched',
    tags: TAGS,
    querystring: HistoryQuerySchema,
    response: { 200: RequestListSchema },
  };
  api.get('/api/history', { schema: history }, async (request) => {
    const { q, limit } = request.query;
    return operations.history(q, limit);
  });

  const one = {
    summary: 'One request by id (pending, or resolved while the broker remembers it)',
    tags: TAGS,
    params: IdParamsSchema,
    response: { 200: RequestResultSchema },
  };
  api.get('/api/requests/:id', { schema: one }, async (request) =>
    operations.get(request.params.id),
  );

  api.post('/api/requests/:id/answer', { schema: ANSWER }, async (request) => {
    return operations.answer(request.params.id, request.body, operatorActOf(request));
  });

  api.post('/api/requests/:id/cancel', { schema: CANCEL }, async (request) => {
    return operations.cancel(request.params.id, request.body.reason, operatorActOf(request));
  });

  const files = {
    summary: 'The files a file-pick request offers',
    tags: TAGS,
    params: IdParamsSchema,
    response: { 200: FileListSchema },
  };
  api.get('/api/requests/:id/files', { schema: files }, async (request) =>
    operations.listFiles(request.params.id),
  );
};
