import type { ClientBase } from 'pg';

/** The channel every instance LISTENs on; the payload is a `RequestNotice` (JSON). */
export const NOTIFY_CHANNEL = 'hitl_requests';

/** One schema change; `version`s are applied in order, each once, recorded in `schema_migrations`. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'requests table with change sequence and notify trigger',
    sql: `
      CREATE SEQUENCE hitl_request_changes;
      CREATE TABLE hitl_requests (
        id text PRIMARY KEY,
        source text NOT NULL,
        key text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'answered', 'cancelled', 'expired')),
        data jsonb NOT NULL,
        origin text NOT NULL,
        created_at bigint NOT NULL,
        resolved_at bigint,
        change bigint NOT NULL DEFAULT nextval('hitl_request_changes')
      );
      CREATE INDEX hitl_requests_pending ON hitl_requests (created_at) WHERE status = 'pending';
      CREATE INDEX hitl_requests_change ON hitl_requests (change);
      CREATE INDEX hitl_requests_resolved ON hitl_requests (resolved_at) WHERE status <> 'pending';
      CREATE FUNCTION hitl_requests_notify() RETURNS trigger AS $$
      BEGIN
        PERFORM pg_notify('${NOTIFY_CHANNEL}', json_build_object(
          'id', NEW.id, 'origin', NEW.origin, 'change', NEW.change, 'status', NEW.status,
          'data', CASE WHEN octet_length(NEW.data::text) < 7000 THEN NEW.data END)::text);
        RETURN NEW;
      END $$ LANGUAGE plpgsql;
      CREATE TRIGGER hitl_requests_notify AFTER INSERT OR UPDATE ON hitl_requests
        FOR EACH ROW EXECUTE FUNCTION hitl_requests_notify();
    `,
  },
];

/**
 * Brings the database to the newest schema: the migrations not yet in `schema_migrations` run
 * in one transaction (all or nothing). An advisory lock makes instances starting together take turns, so
 * running this any number of times, from any number of instances, applies each version once.
 * Returns the versions this call applied.
 */
export async function migrate(
  client: ClientBase,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  const applied: number[] = [];
  await client.query('BEGIN');
  try {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('clarity-hitl schema'))");
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ version: number }>(
      'SELECT version FROM schema_migrations',
    );
    const done = new Set(rows.map((row) => row.version));
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
  return applied;
}
