import { Readable } from 'node:stream';
import { resolverOf } from '../client-header';
import { z } from 'zod';
import { actorOf, isOperator } from '../guards/authority';
import { isOperatorOnly } from '../../broker/operator-only';
import { AlreadyResolvedError, DuplicateRequestError, NotFoundError } from '../../broker/errors';
import { refuseUnsaved } from '../refuse-unsaved';
import { parseOrThrow } from '../../broker/validation';
import { TimestampSchema } from '../../broker/liberal-timestamp';
import { RequestKeySchema } from '../../broker/request-key';
import { isStorable, NOT_STORABLE_MESSAGE } from '@contract/well-formed';
import type { RouteModule } from '../context';
import { findByKey, keyStatus } from '../key-lookup';
import { MAX_WAIT_SECONDS, waitForKeyStatusChange } from '../long-poll';
import { answerWithFileFields, questionFileFields, specSafeKey } from '../clarity-fields';
import { questionListJson, questionListPieces, streamsList } from '../question-list-json';
import { afterReply } from '../after-reply';
import type { FastifyReply } from 'fastify';
import { reportWhenSent } from '../../adapters/delivery-on-send';

/** Any non-empty string up to MAX_KEY_BYTES: the key is data (mirror file names are sanitised). */
const KeySchema = RequestKeySchema;

const NewQuestionSchema = z.object({
  key: KeySchema,
  question: z.string().max(1_000_000).refine(isStorable, NOT_STORABLE_MESSAGE),
  timestamp: TimestampSchema.optional(),
  pid: z.number().int().positive().optional(),
  /** The runtime's own wait, in seconds: the request expires then (and shows a countdown). */
  timeout_sec: z.number().positive().max(31_536_000).nullable().optional(),
});

/** Why a long poll stopped waiting early: its client went away, or the server is closing. */
const WAIT_ENDED = new Error('the long poll ended before the status changed');

const AnswerBodySchema = z.object({
  key: KeySchema,
  response: z.string().max(1_000_000).refine(isStorable, NOT_STORABLE_MESSAGE),
});
const CancelBodySchema = z.object({ key: KeySchema });
const WaitQuerySchema = z.object({ wait: z.coerce.number().nonnegative().optional() });

/**
 * The Clarity HTTP routes (docs/protocols.md#clarity-http-mode-and-broker-api): the operator API (`GET /questions`, `POST /answer`,
 * `POST /cancel`) and HTTP mode for runtimes (`POST /questions`, `GET /questions/:key`).
 */
export const clarityRoutes: RouteModule = (app, context) => {
  const { broker, mirrorQuestion } = context;
  // An HTTP-mode agent collects its answer by polling: the reply that carries it delivers it.
  broker.deliveries.expect('clarity-http');
  // Long polls answer at once (with the current status) when the server shuts down.
  const closing = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const stop of closing) stop();
  });

  app.get('/questions', async (request, reply) => {
    // Coding agents' requests are the operator's alone: the spec's token-less list leaves them out.
    const all = broker.pending();
    const pending = isOperator(request) ? all : all.filter((r) => !isOperatorOnly(r));
    reply.type('application/json; charset=utf-8');
    return streamsList(pending.length)
      ? reply.send(Readable.from(questionListPieces(pending, Date.now())))
      : reply.send(questionListJson(pending, Date.now()));
  });

  app.post('/questions', async (request, reply) => {
    const body = parseOrThrow(NewQuestionSchema, request.body, 'question');
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
    const createdAt =
      body.timestamp !== undefined && body.timestamp > 0 ? body.timestamp : undefined;
    const created = broker.add({
      source: 'clarity-http',
      key: body.key,
      prompt: body.question,
      createdAt,
      ...(body.timeout_sec
        ? { expiresAt: (createdAt ?? Date.now()) + body.timeout_sec * 1000 }
        : {}),
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
  });

  app.get<{ Params: { key: string } }>('/questions/:key', async (request, reply) => {
    const key = parseOrThrow(KeySchema, request.params.key, 'key');
    const { wait } = parseOrThrow(WaitQuerySchema, request.query, 'query');
    const withSafeKey = <T extends { key: string }>(status: T) => ({
      ...status,
      safeKey: specSafeKey(context, key, findByKey(broker, key)),
    });
    const target = findByKey(broker, key);
    // A coding agent's request is the operator's alone: to anyone else its key does not exist.
    if (target && isOperatorOnly(target) && !isOperator(request))
      return { key, status: 'missing', safeKey: specSafeKey(context, key, undefined) };
    const current = keyStatus(broker, key);
    if (!wait || (current.status !== 'pending' && current.status !== 'missing'))
      return collected(reply, withSafeKey(current));
    const abort = new AbortController();
    // With a reason: abort() without one builds a DOMException (a stack trace) every time.
    const stop = () => abort.abort(WAIT_ENDED);
    request.raw.once('close', stop);
    closing.add(stop);
    try {
      return collected(
        reply,
        withSafeKey(
          await waitForKeyStatusChange(
            broker,
            key,
            current.status,
            Math.min(wait, MAX_WAIT_SECONDS) * 1000,
            abort.signal,
          ),
        ),
      );
    } finally {
      closing.delete(stop);
      request.raw.off('close', stop);
    }
  });

  /** A poll's reply that carries an HTTP-mode answer: delivered once it is sent. */
  const collected = <T extends { key: string; status: string }>(reply: FastifyReply, status: T) => {
    const answered = status.status === 'answered' ? findByKey(broker, status.key) : undefined;
    if (answered?.source === 'clarity-http') reportWhenSent(broker, answered, reply.raw);
    return status;
  };

  app.post('/answer', async (request) => {
    const body = parseOrThrow(AnswerBodySchema, request.body, 'answer');
    const target = findByKey(broker, body.key);
    if (!target) throw new NotFoundError(`with key ${body.key}`);
    const file = await answerWithFileFields(context, target, () =>
      broker.answerShared(target.id, { text: body.response }, resolverOf(request), {
        ...actorOf(request),
      }),
    );
    return { ok: true, key: body.key, status: 'answered', ...file };
  });

  app.post('/cancel', async (request) => {
    const body = parseOrThrow(CancelBodySchema, request.body, 'cancel');
    const target = findByKey(broker, body.key);
    if (!target) throw new NotFoundError(`with key ${body.key}`);
    const safeKey = specSafeKey(context, body.key, target);
    const reply = { ok: true, key: body.key, safeKey, removed: true };
    // Already resolved (also by a race lost just now): 200 like the reference's, with the status
    // as it is and `alreadyResolved` (only the winner's reply lacks it). An answer stays readable
    // by GET /questions/:key: the reference forgets the key, and an agent that has not collected
    // its answer yet would poll "missing" for ever
    // (docs/protocols.md#differences-from-the-reference-broker).
    const resolved = (status: string) => ({ ...reply, status, alreadyResolved: true });
    if (target.status !== 'pending') return resolved(target.status);
    try {
      await broker.cancelShared(target.id, {
        by: resolverOf(request),
        ...actorOf(request),
      });
    } catch (error) {
      if (!(error instanceof AlreadyResolvedError)) throw error;
      return resolved(error.request.status);
    }
    return { ...reply, status: 'cancelled' };
  });
};
