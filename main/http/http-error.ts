import type { FastifyError, FastifyInstance } from 'fastify';
import {
  BrokerError,
  InvalidInputError,
  NotSavedError,
  StoreUnreachableError,
} from '../broker/errors';

/** An error with an HTTP status and a stable `error` code for the JSON body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const BROKER_STATUS: Record<BrokerError['code'], number> = {
  invalid: 400,
  not_found: 404,
  already_resolved: 409,
  duplicate: 409,
  forbidden: 403,
  store_unreachable: 503,
  not_saved: 507,
};

/** Fastify's own errors that clients can cause, mapped to our codes. */
const FASTIFY_CODES: Record<string, { status: number; code: string; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'too_large', message: 'the body is over 1 MiB' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'the body must be JSON (Content-Type: application/json)',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'invalid',
    message: 'Content-Length does not match the body',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid', message: 'the JSON body is empty' },
};

/** Maps any error to `{ error, message }` with the right status code. */
export function toErrorBody(error: unknown): {
  status: number;
  body: { error: string; message: string; field?: string };
} {
  if (error instanceof HttpError)
    return { status: error.statusCode, body: { error: error.code, message: error.message } };
  if (error instanceof BrokerError) {
    const field = error instanceof InvalidInputError ? error.field : undefined;
    return {
      status: error instanceof NotSavedError ? error.status : BROKER_STATUS[error.code],
      body: { error: error.code, message: error.message, ...(field ? { field } : {}) },
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known)
    return {
      status: known.status,
      body: { error: known.code, message: known.message ?? String(fastifyError.message) },
    };
  if (error instanceof SyntaxError || fastifyError.statusCode === 400) {
    return {
      status: 400,
      body: {
        error: 'invalid',
        message: `the body is not valid JSON: ${fastifyError.message ?? ''}`.trim(),
      },
    };
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, body: { error: 'bad_request', message: String(fastifyError.message) } };
  }
  return { status: 500, body: { error: 'internal', message: 'internal error' } };
}

/** Installs the JSON error handler and a JSON 404 for unknown routes. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorBody(error);
    if (error instanceof StoreUnreachableError)
      void reply.header('retry-after', String(error.retryAfterS));
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(status).type('application/json; charset=utf-8').send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({
      error: 'not_found',
      message: `no route ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}
