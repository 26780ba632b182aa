import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { EARLY_LIST_ROWS, earlyRows, ORDER_COOKIE, orderFromCookie } from '@contract/early-list';
import type { Broker } from '../broker/broker';
import { firstPage } from '../broker/first-page';
import { earlyListHtml } from './early-list-html';
import { readCookie } from './guards/token-auth';

/** Where the early list goes: right before the app's root, as the entry script would put it. */
const ROOT_DIV = '<div id="root"></div>';

/**
 * Serves the web UI's page at `/` with the first pending requests already in it (the early
 * list, in the order the operator's inbox remembers, from its cookie), so the questions show
 * with the page, not after the scripts and the first `/events` snapshot have loaded. The page
 * holds question text, so it is never stored (`no-store`). The page is read once; a built
 * renderer without the expected root gets the page unchanged.
 */
export function registerRendererIndex(app: FastifyInstance, dir: string, broker: Broker): void {
  const page = readFileSync(join(dir, 'index.html'), 'utf8');
  const at = page.indexOf(ROOT_DIV);
  app.get('/', async (request, reply) => {
    let html = page;
    if (at >= 0) {
      const order = orderFromCookie(readCookie(request.headers.cookie, ORDER_COOKIE)) ?? 'urgent';
      const rows = earlyRows(firstPage(broker.pending(), EARLY_LIST_ROWS, order), order);
      html = page.slice(0, at) + earlyListHtml(rows) + page.slice(at);
    }
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  });
}
