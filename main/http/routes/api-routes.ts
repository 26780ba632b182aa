import { checkPickedFile } from '../../adapters/file-pick/check-picked-file';
import { operatorOf } from '../guards/security-guard';
import { z } from 'zod';
import { NotFoundError } from '../../broker/errors';
import { listFiles } from '../../adapters/file-pick/list-files';
import { AnswerInputSchema, type HitlRequest } from '../../broker/request';
import { parseOrThrow } from '../../broker/validation';
import type { RouteModule } from '../context';
import { HttpError } from '../http-error';
import { toPublicRequest } from '../views';

const HistoryQuerySchema = z.object({
  q: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(500),
});
const CancelSchema = z.object({ reason: z.string().max(10_000).optional() }).default({});
const IdParamsSchema = z.object({ id: z.string().min(1).max(200) });

function matches(request: HitlRequest, needle: string): boolean {
  const fields = [
    request.key,
    request.prompt,
    request.title,
    request.answer?.text,
    request.agent?.id,
    request.agent?.name,
  ];
  return fields.some((field) => field !== undefined && field.toLowerCase().includes(needle));
}

/** The UI's rich routes (the InboxClient's HTTP transport), documented in docs/http-api.md. */
export const apiRoutes: RouteModule = (app, context) => {
  const { broker } = context;

  const requireRequest = (params: unknown): HitlRequest => {
    const { id } = parseOrThrow(IdParamsSchema, params, 'path');
    const request = broker.get(id);
    if (!request) throw new NotFoundError(`with id ${id}`);
    return request;
  };

  app.get('/api/info', async () => ({
    version: context.version,
    dirs: context.dirs,
    dirProblems: context.dirProblems(),
    tokenRequired: context.tokenRequired,
    url: context.url(),
  }));

  app.get('/api/requests', async () => ({
    requests: broker.pending().map(toPublicRequest),
    seq: broker.lastSeq,
  }));

  app.get('/api/history', async (request) => {
    const { q, limit } = parseOrThrow(HistoryQuerySchema, request.query, 'query');
    const needle = q?.trim().toLowerCase();
    const all = context.history();
    const out: HitlRequest[] = [];
    for (let i = all.length - 1; i >= 0 && out.length < limit; i -= 1) {
      const item = all[i]!;
      if (!needle || matches(item, needle)) out.push(item);
    }
    return { requests: out.map(toPublicRequest) };
  });

  app.post('/api/requests/:id/answer', async (request) => {
    const target = requireRequest(request.params);
    const input = await checkPickedFile(
      target,
      parseOrThrow(AnswerInputSchema, request.body, 'answer'),
    );
    return {
      request: toPublicRequest(
        await broker.answerShared(target.id, input, 'ui', { operator: operatorOf(request) }),
      ),
    };
  });

  app.post('/api/requests/:id/cancel', async (request) => {
    const target = requireRequest(request.params);
    const { reason } = parseOrThrow(CancelSchema, request.body ?? {}, 'cancel');
    return {
      request: toPublicRequest(
        await broker.cancelShared(target.id, { reason, by: 'ui', operator: operatorOf(request) }),
      ),
    };
  });

  app.get('/api/requests/:id/files', async (request) => {
    const target = requireRequest(request.params);
    if (target.input.kind !== 'file') {
      throw new HttpError(
        400,
        'invalid',
        `request ${target.key} does not ask for a file (input.kind is ${target.input.kind})`,
      );
    }
    return listFiles(target.input.root, target.input.pattern, { max: 5000 });
  });
};
