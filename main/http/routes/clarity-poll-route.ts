import type { FastifyInstance, FastifyReply } from 'fastify';
import { isOperatorOnly } from '../../broker/operator-only';
import { parseOrThrow } from '../../broker/validation';
import { reportWhenSent } from '../../adapters/delivery-on-send';
import type { HttpContext } from '../context';
import { isOperator } from '../guards/authority';
import { findByKey, keyStatus } from '../key-lookup';
import { MAX_WAIT_SECONDS, waitForKeyStatusChange } from '../long-poll';
import { specSafeKey } from '../clarity-fields';
import type { ZodTypeProvider } from '../schema/zod-type-provider';
import { KeySchema, POLL } from './clarity-schemas';

/** Why a long poll stopped waiting early: its client went away, or the server is closing. */
const WAIT_ENDED = new Error('the long poll ended before the status changed');

/**
 * `GET /questions/:key[?wait=secs]`: the key's status at once, or once it changes (long poll).
 * Long polls answer at once (with the current status) when the server shuts down.
 */
export function pollRoute(app: FastifyInstance, context: HttpContext): void {
  const { broker } = context;
  const closing = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const stop of closing) stop();
  });

  /** A poll's reply that carries an HTTP-mode answer: delivered once it is sent. */
  const collected = <T extends { key: string; status: string }>(reply: FastifyReply, status: T) => {
    const answered = status.status === 'answered' ? findByKey(broker, status.key) : undefined;
    if (answered?.source === 'clarity-http') reportWhenSent(broker, answered, reply.raw);
    return status;
  };

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/questions/:key', { schema: POLL }, async (request, reply) => {
    const key = parseOrThrow(KeySchema, (request.params as { key: string }).key, 'key');
    const { wait } = request.query;
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
      const waitMs = Math.min(wait, MAX_WAIT_SECONDS) * 1000;
      const changed = await waitForKeyStatusChange(
        broker,
        key,
        current.status,
        waitMs,
        abort.signal,
      );
      return collected(reply, withSafeKey(changed));
    } finally {
      closing.delete(stop);
      request.raw.off('close', stop);
    }
  });
}
