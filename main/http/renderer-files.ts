import { readdirSync } from 'node:fs';
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isOperator } from './guards/authority';
import { HttpError } from './http-error';
import { loginPageHtml, loginPageLanguage } from './login-page';
import { pageCsp } from './security-headers';
import { emptyReply, mediaReply } from './schema/reply-media';

type SendModule = typeof import('@fastify/send');

/** The files' route schema: any file of the built UI, by its own media type. */
const FILES = {
  summary: 'The web UI’s own files (scripts, styles, icons)',
  response: {
    200: mediaReply('the file (its media type from its name)', ['*/*'], z.unknown()),
    401: mediaReply('an app page without an operator session: the login page', ['text/html']),
    206: mediaReply('the range asked for (Range)', ['*/*'], z.unknown()),
    304: emptyReply('not modified since (If-None-Match, If-Modified-Since)', {
      etag: 'the file’s entity tag',
    }),
  },
};

/** The app's own pages: like `/`, a browser without an operator session gets the login page. */
const PAGES = new Set(['/index.html', '/popover.html']);

/** How long a listing of the UI's files is trusted before a miss lists the directory again. */
const RELIST_AFTER_MS = 1000;

/**
 * Serves the built UI's own files (scripts, styles, icons; `/` is renderer-index.ts's) by exact
 * (decoded) URL path: a path that is not one of the regular files the directory held when last
 * listed, and still is one, is a 404, so no `..`, encoding trick or symlink reaches anything else. The file itself goes out
 * through @fastify/send (ETag, Last-Modified, ranges, HEAD, content types), loaded on the first
 * such request: it and its MIME table cost an idle broker ~1 MB and its start-up ~15 ms, and a
 * broker nobody opens in a browser never needs them. A rebuild while serving (new hashed names)
 * is picked up by listing again on a miss, at most once a second.
 */
export function registerRendererFiles(app: FastifyInstance, dir: string): void {
  let files = listFiles(dir);
  let listedAt = Date.now();
  let send: Promise<SendModule['send']> | undefined;
  const known = (path: string): boolean => {
    if (files.has(path)) return true;
    if (Date.now() - listedAt < RELIST_AFTER_MS) return false;
    files = listFiles(dir);
    listedAt = Date.now();
    return files.has(path);
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = urlPath(request.raw.url ?? '/');
    const name = decodedPath(path);
    if (!known(name)) return reply.callNotFound();
    if (PAGES.has(name) && !isOperator(request))
      return reply
        .status(401)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(loginPageHtml('no-session', loginPageLanguage(request.headers['accept-language'])));
    // A listed file replaced by a symlink (or anything else) since: send would follow it.
    const stats = await lstat(join(dir, name)).catch(() => undefined);
    if (!stats?.isFile()) return reply.callNotFound();
    // A page's CSP header allows the inline script its own meta CSP allows (popover.html's).
    if (PAGES.has(name))
      reply.header('content-security-policy', pageCsp(await readFile(join(dir, name), 'utf8')));
    send ??= import('@fastify/send').then(
      (module) => module.send,
      (error: unknown) => {
        send = undefined; // the next request tries again
        throw error;
      },
    );
    const sendFile = await send;
    const { statusCode, headers, stream, type } = await sendFile(request.raw, path, {
      root: dir,
      index: false,
      cacheControl: false,
      dotfiles: 'deny',
    });
    // Listed a moment ago, gone now (a rebuild in progress): as if never there.
    if (type === 'error' && statusCode === 404) return reply.callNotFound();
    return reply.code(statusCode).headers(headers).send(stream);
  };
  app.route({ method: ['GET', 'HEAD'], url: '/*', schema: FILES, handler });
}

/** The file a URL path names (`/assets/my%20file.js` → `/assets/my file.js`); 400 when malformed. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    throw new HttpError(400, 'invalid', `path: not a valid percent-encoded path (${path})`);
  }
}

/** The path of a request URL, without its query or fragment (still percent-encoded). */
function urlPath(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** Every file below `dir` as the URL path it is served under (`/assets/x.js`), dotfiles left out. */
function listFiles(dir: string): Set<string> {
  const paths = new Set<string>();
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return paths;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const parent = (entry.parentPath ?? dir).slice(dir.length).replace(/\\/g, '/');
    const path = `${parent}/${entry.name}`;
    if (!path.split('/').some((part) => part.startsWith('.'))) paths.add(path);
  }
  return paths;
}
