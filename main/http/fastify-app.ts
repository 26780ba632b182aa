import Fastify, { type FastifyInstance } from 'fastify';
import { MAX_KEY_BYTES } from '../broker/request-key';
import { rememberRawBody } from './raw-body';
import { jsonSerializerCompiler, zodValidatorCompiler } from './schema/zod-type-provider';
import { HttpError, installErrorHandling } from './http-error';
import { MAX_JSON_DEPTH, jsonDepthOver } from './json-depth';

/** Largest accepted body: 1 MiB. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * A Fastify instance with the broker's limits (1 MiB bodies, long keys in paths, 32 KiB
 * headers), zod as the route schemas' validator and serializer, JSON-only bodies and JSON errors.
 */
export function createFastifyApp(logger: boolean | { level: string } = false): FastifyInstance {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    // A key of MAX_KEY_BYTES is up to 3x as long percent-encoded in `GET /questions/{key}`.
    routerOptions: { maxParamLength: 3 * MAX_KEY_BYTES },
    http: { maxHeaderSize: 32 * 1024 },
    // Route schemas are zod types, checked by zod (set below): without these factories Fastify
    // would build ajv and fast-json-stringify at start (~30 ms) for nothing.
    schemaController: {
      compilersFactory: { buildValidator: noAjv, buildSerializer: noAjv },
    },
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  installJsonOnlyBodies(app);
  installErrorHandling(app);
  return app;
}

/**
 * Only JSON bodies are parsed (anything else is 415); an empty body counts as no body; a body
 * nesting deeper than MAX_JSON_DEPTH is 400.
 */
function installJsonOnlyBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      rememberRawBody(request, text);
      if (jsonDepthOver(text))
        return done(
          new HttpError(400, 'invalid', `body: JSON nests deeper than ${MAX_JSON_DEPTH} levels`),
          undefined,
        );
      parseJson(request, text, done);
    },
  );
}

/** Fastify's own schema compilers: never built, since route schemas are zod types (see above). */
function noAjv(): never {
  throw new Error('route schemas are zod types, compiled by zodValidatorCompiler');
}
