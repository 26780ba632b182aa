import type pg from 'pg';
import { HitlRequestSchema, type HitlRequest } from '@contract/request';

/**
 * The writes of team mode's shared store, one statement each, on `hitl_requests`. `origin` is
 * the writing instance (its own notifications are told apart by it).
 */

/** A new pending request (a second insert of the same id changes nothing). */
export async function insertRequest(
  pool: pg.Pool,
  request: HitlRequest,
  origin: string,
): Promise<void> {
  await pool.query(
    `INSERT INTO hitl_requests (id, source, key, status, data, origin, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
    [request.id, request.source, request.key, request.status, request, origin, request.createdAt],
  );
}

/** A pending request's new display fields (a resolved row is never changed back). */
export async function updatePendingRequest(
  pool: pg.Pool,
  request: HitlRequest,
  origin: string,
): Promise<void> {
  await pool.query(
    `UPDATE hitl_requests SET data = $2, origin = $3, change = nextval('hitl_request_changes')
     WHERE id = $1 AND status = 'pending'`,
    [request.id, request, origin],
  );
}

/**
 * One statement decides: inserts the resolved row, or resolves the row only if still pending.
 * The loser gets the stored winner.
 */
export async function storeResolved(
  pool: pg.Pool,
  request: HitlRequest,
  origin: string,
): Promise<{ won: boolean; winner: HitlRequest }> {
  const result = await pool.query(
    `INSERT INTO hitl_requests (id, source, key, status, data, origin, created_at, resolved_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, data = EXCLUDED.data,
       origin = EXCLUDED.origin, resolved_at = EXCLUDED.resolved_at,
       change = nextval('hitl_request_changes')
     WHERE hitl_requests.status = 'pending'
     RETURNING id`,
    [
      request.id,
      request.source,
      request.key,
      request.status,
      request,
      origin,
      request.createdAt,
      request.resolvedAt ?? Date.now(),
    ],
  );
  if (result.rowCount === 1) return { won: true, winner: request };
  const stored = await pool.query<{ data: unknown }>(
    'SELECT data FROM hitl_requests WHERE id = $1',
    [request.id],
  );
  const winner = HitlRequestSchema.safeParse(stored.rows[0]?.data);
  if (!winner.success)
    throw Object.assign(new Error(`shared store: request ${request.id} is unreadable`), {
      code: 'XX000',
    });
  return { won: false, winner: winner.data };
}
