import { Readable } from 'node:stream';
import type { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolverOf } from '../client-header';
import { actorOf, isOperator } from '../guards/authority';
import { isOperatorOnly } from '../../broker/operator-only';
import { AlreadyResolvedError, DuplicateRequestError, NotFoundError } from '../../broker/errors';
import { refuseUnsaved } from '../refuse-unsaved';
import type { HttpContext, RouteModule } from '../context';
import type { HitlRequest } from '@contract/request';
import { findByKey } from '../key-lookup';
import {
  answerWithFileFields,
  dropAnsweredQuestionFile,
  questionFileFields,
  specSafeKey,
} from '../clarity-fields';
import { questionListJson, questionListPieces, streamsList } from '../question-list-json';
import { afterReply } from '../after-reply';
import type { ZodTypeProvider } from '../schema/zod-type-provider';
import { ANSWER, ASK, CANCEL, LIST } from './clarity-schemas';
import { pollRoute } from './clarity-poll-route';

/**
 * The Clarity HTTP routes (docs/protocols.md#clarity-http-mode-and-broker-api): the operator API (`GET /questions`, `POST /answer`,
 * `POST /cancel`) and HTTP mode for runtimes (`POST /questions`, `GET /questions/:key`).
 */
export const clarityRoutes: RouteModule = (app, context) => {
  const { broker } = context;
  // An HTTP-mode agent collects its answer by polling: the reply that carries it delivers it.
  broker.deliveries.expect('clarity-http');
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Sent as prebuilt JSON (or streamed): the schema documents the entries.
  app.get('/questions', { schema: LIST }, async (request, reply) => {
    // Coding agents' requests are the operator's alone: the spec's token-less list leaves them out.
    const all = broker.pending();
    const pending = isOperator(request) ? all : all.filter((r) => !isOperatorOnly(r));
    reply.type('application/json; charset=utf-8');
    return streamsList(pending.length)
      ? reply.send(Readable.from(questionListPieces(pending, Date.now())))
      : reply.send(questionListJson(pending, Date.now()));
  });

  api.post('/questions', { schema: ASK }, async (request, reply) =>
    askInHttpMode(context, request.body, request, reply),
  );

  pollRoute(app, context);

  api.post('/answer', { schema: ANSWER }, async (request) => {
    const body = request.body;
    const target = findByKey(broker, body.key);
    if (!target) throw new NotFoundError(`with key ${body.key}`);
    const file = await answerWithFileFields(context, target, () =>
      broker.answerShared(target.id, { text: body.response }, resolverOf(request), {
        ...actorOf(request),
      }),
    );
    return { ok: true, key: body.key, status: 'answered', ...file };
  });

  api.post('/cancel', { schema: CANCEL }, async (request) => {
    const body = request.body;
    const target = findByKey(broker, body.key);
    if (!target) throw new NotFoundError(`with key ${body.key}`);
    const safeKey = specSafeKey(context, body.key, target);
    const reply = { ok: true, key: body.key, safeKey, removed: true };
    // Already resolved (also by a race lost just now): 200 like the reference's, with the status
    // as it is and `alreadyResolved` (only the winner's reply lacks it). An answer stays readable
    // by GET /questions/:key: the reference forgets the key, and an agent that has not collected
    // its answer yet would poll "missing" for ever
    // (docs/protocols.md#differences-from-the-reference-broker). A file question's answer is in
    // its `.answer`, so its question file goes as the reference's does.
    const resolved = async (request: HitlRequest) => {
      await dropAnsweredQuestionFile(context, request);
      return { ...reply, status: request.status, alreadyResolved: true };
    };
    if (target.status !== 'pending') return resolved(target);
    try {
      await broker.cancelShared(target.id, {
        by: resolverOf(request),
        ...actorOf(request),
      });
    } catch (error) {
      if (!(error instanceof AlreadyResolvedError)) throw error;
      return resolved(error.request);
    }
    return { ...reply, status: 'cancelled' };
  });
};

/** `POST /questions`: HTTP mode opens a question (the same key and text again: the same one). */
async function askInHttpMode(
  context: HttpContext,
  body: z.output<typeof ASK.body>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { broker, mirrorQuestion } = context;
  const existing = broker.findPending('clarity-http', body.key);
  if (existing && existing.prompt === body.question) {
    return reply.status(200).send({
      key: body.key,
      status: 'pending',
      id: existing.id,
      ...questionFileFields(context, existing),
    });
  }
  if (existing) throw new DuplicateRequestError(existing);
  const createdAt = body.timestamp !== undefined && body.timestamp > 0 ? body.timestamp : undefined;
  const created = broker.add({
    source: 'clarity-http',
    key: body.key,
    prompt: body.question,
    createdAt,
    ...(body.timeout_sec ? { expiresAt: (createdAt ?? Date.now()) + body.timeout_sec * 1000 } : {}),
    ...(body.pid !== undefined
      ? {
          agent: { id: `pid:${body.pid}`, name: `pid ${body.pid}`, runtime: 'clarity' },
          meta: { pid: body.pid },
        }
      : {}),
  });
  refuseUnsaved(context, created);
  if (mirrorQuestion) {
    const warn = (error: unknown) =>
      request.log.warn({ err: error, key: body.key }, 'could not mirror the question file');
    // The file's name is settled now (the reply gives it); the file is written once the reply
    // is out. The question is already durable (the store's journal), and pending HTTP
    // questions are mirrored again at start, so a crash in between loses nothing.
    try {
      Promise.resolve(mirrorQuestion(created, afterReply(reply))).catch(warn);
    } catch (error) {
      warn(error);
    }
  }
  // 200, as the reference broker answers (its clients check for exactly 200).
  return reply.status(200).send({
    key: created.key,
    status: 'pending',
    id: created.id,
    ...questionFileFields(context, created),
  });
}
