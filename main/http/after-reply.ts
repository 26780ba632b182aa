import type { FastifyReply } from 'fastify';

/**
 * Resolves once the reply has gone out (the response finished) or its connection closed before
 * that: work that the client need not wait for (e.g. a mirror file) runs then, off the reply's
 * critical path. Never rejects.
 */
export function afterReply(reply: FastifyReply): Promise<void> {
  const res = reply.raw;
  if (res.writableFinished || res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      resolve();
    };
    res.once('finish', done);
    res.once('close', done);
  });
}
