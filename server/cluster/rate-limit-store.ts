import type { Kysely } from 'kysely';
import type { Database } from '../database';

/** What @fastify/rate-limit hands a store's incr/read callback. */
interface Counter {
  current: number;
  ttl: number;
}
type Callback = (err: Error | null, res?: Counter) => void;

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A @fastify/rate-limit store keeping the counters in the `rate_limits` table, so every instance on one
 * database counts the same requests (decision 0007). One atomic upsert per counted request: a window
 * that has ended starts again at 1. Each rate-limited route counts separately (the key carries the route).
 * Expired rows are deleted now and then by whichever instance is counting.
 */
export function databaseRateLimitStore(db: Kysely<Database>) {
  let lastSweep = 0;
  const sweep = (now: number) => {
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    db.deleteFrom('rate_limits')
      .where('reset_at', '<=', now)
      .execute()
      .catch(() => undefined);
  };

  class DatabaseRateLimitStore {
    constructor(
      _params: unknown,
      private readonly namespace = '*',
    ) {}

    incr(key: string, cb: Callback, timeWindow = 60_000): void {
      const now = Date.now();
      const k = `${this.namespace}|${key}`.slice(0, 500);
      db.insertInto('rate_limits')
        .values({ key: k, hits: 1, reset_at: now + timeWindow })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            hits: eb.case().when('rate_limits.reset_at', '<=', now).then(1).else(eb('rate_limits.hits', '+', 1)).end(),
            reset_at: eb.case().when('rate_limits.reset_at', '<=', now).then(now + timeWindow).else(eb.ref('rate_limits.reset_at')).end(),
          })),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow()
        .then(
          (row) => {
            sweep(now);
            cb(null, { current: Number(row.hits), ttl: Math.max(0, Number(row.reset_at) - now) });
          },
          (err: Error) => cb(err),
        );
    }

    read(key: string, cb: Callback): void {
      const now = Date.now();
      db.selectFrom('rate_limits')
        .select(['hits', 'reset_at'])
        .where('key', '=', `${this.namespace}|${key}`.slice(0, 500))
        .executeTakeFirst()
        .then(
          (row) =>
            cb(null, row && Number(row.reset_at) > now ? { current: Number(row.hits), ttl: Number(row.reset_at) - now } : { current: 0, ttl: 0 }),
          (err: Error) => cb(err),
        );
    }

    /** The plugin passes the route's merged options with `routeInfo` (its typings say RouteOptions). */
    child(params: object): DatabaseRateLimitStore {
      const r = (params as RouteParams).routeInfo ?? {};
      const method = [r.method ?? ''].flat().join(',');
      return new DatabaseRateLimitStore(params, r.url ? `${method} ${r.url}` : this.namespace);
    }
  }
  return DatabaseRateLimitStore;
}
