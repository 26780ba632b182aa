import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  EARLY_LIST_ROWS,
  earlyRows,
  ORDER_COOKIE,
  orderFromCookie,
  type EarlyRow,
} from '@contract/early-list';
import type { SortOrder } from '@contract/request-order';
import type { Broker } from '../broker/broker';
import { firstPage } from '../broker/first-page';
import { earlyListHtml } from './early-list-html';
import { isOperator } from './guards/authority';
import { readCookie } from './guards/token-auth';
import { loginPageHtml, loginPageLanguage } from './login-page';
import { mediaReply } from './schema/reply-media';

/** `GET /`'s schema: its replies are HTML pages. */
const INDEX = {
  summary: 'The web inbox (its first pending requests already in the page)',
  response: {
    200: mediaReply('the inbox page', ['text/html']),
    401: mediaReply('no operator session: the login page', ['text/html']),
  },
};

/** Where the early list goes: right before the app's root, as the entry script would put it. */
const ROOT_DIV = '<div id="root"></div>';

/**
 * Serves the web UI's page at `/` with the first pending requests already in it (the early
 * list, in the order the operator's inbox remembers, from its cookie), so the questions show
 * with the page, not after the scripts and the first `/events` snapshot have loaded. The page
 * holds question text, so it is never stored (`no-store`). The page is read once; a built
 * renderer without the expected root gets the page unchanged. The rows of each order are kept
 * until the broker's next change: finding them reads every pending request (~4 ms at 10,000,
 * most of it memory reads of records spread over the heap), which a reload need not pay again.
 */
export function registerRendererIndex(app: FastifyInstance, dir: string, broker: Broker): void {
  const page = readFileSync(join(dir, 'index.html'), 'utf8');
  const at = page.indexOf(ROOT_DIV);
  const rowsByOrder = new Map<SortOrder, EarlyRow[]>();
  const stop = broker.subscribe(() => rowsByOrder.clear());
  app.addHook('onClose', async () => stop());
  const rowsIn = (order: SortOrder) => {
    let rows = rowsByOrder.get(order);
    if (rows === undefined) {
      rows = earlyRows(firstPage(broker.pending(), EARLY_LIST_ROWS, order), order);
      rowsByOrder.set(order, rows);
    }
    return rows;
  };
  app.get('/', { schema: INDEX }, async (request, reply) => {
    if (!isOperator(request)) {
      return reply
        .status(401)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(loginPageHtml('no-session', loginPageLanguage(request.headers['accept-language'])));
    }
    let html = page;
    if (at >= 0) {
      const order = orderFromCookie(readCookie(request.headers.cookie, ORDER_COOKIE)) ?? 'urgent';
      html = page.slice(0, at) + earlyListHtml(rowsIn(order)) + page.slice(at);
    }
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  });
}
