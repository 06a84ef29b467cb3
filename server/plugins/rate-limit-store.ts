import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';

/** What @fastify/rate-limit expects back from a store for one hit. */
interface Hit {
  current: number;
  ttl: number;
}

type Callback = (error: Error | null, result?: Hit) => void;

interface DatabaseStoreOptions {
  /** Expired rows are deleted at most this often (per process), never on every request. */
  sweepEveryMs?: number;
  /** A failed sweep is only reported: the next one retries. */
  onSweepError?: (error: unknown) => void;
}

/**
 * Counts one hit on `key` and answers the count in the current window and the milliseconds left in
 * it. One statement, so it is exact when several processes count the same key at once: PostgreSQL
 * serialises the conflicting updates on the row, and each sees the count the previous one left. An
 * expired window starts again at 1. Times are the database's, so processes with skewed clocks agree.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<Hit> {
  const result = await db.execute(sql`
    insert into rate_limits (key, hits, resets_at)
    values (${key}, 1, now() + ${windowMs}::float8 * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when rate_limits.resets_at <= now() then 1 else rate_limits.hits + 1 end,
      resets_at = case when rate_limits.resets_at <= now() then excluded.resets_at else rate_limits.resets_at end
    returning hits, (extract(epoch from resets_at - now()) * 1000)::float8 as ttl_ms`);
  const row = rowsOf<{ hits: number | string; ttl_ms: number | string }>(result)[0]!;
  // now() is the statement's transaction start: a hit that waited on the row lock while another
  // opened the window started a little earlier and would see slightly more than the window left.
  const ttl = Math.min(windowMs, Math.max(0, Math.ceil(Number(row.ttl_ms))));
  return { current: Number(row.hits), ttl };
}

/** The count on `key` in its current window without counting a hit, or undefined when none is open. */
export async function peekHits(db: Db, key: string): Promise<Hit | undefined> {
  const result = await db.execute(sql`
    select hits, (extract(epoch from resets_at - now()) * 1000)::float8 as ttl_ms
    from rate_limits where key = ${key} and resets_at > now()`);
  const row = rowsOf<{ hits: number | string; ttl_ms: number | string }>(result)[0];
  return row && { current: Number(row.hits), ttl: Math.max(0, Math.ceil(Number(row.ttl_ms))) };
}

/** Ends the window on `key`: the next hit starts again at 1. */
export async function clearHits(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Deletes the windows that have ended; answers how many rows went. */
export async function sweepExpired(db: Db): Promise<number> {
  const result = await db.execute(sql`delete from rate_limits where resets_at < now()`);
  return (
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as { affectedRows?: number }).affectedRows ??
    0
  );
}

/**
 * A store for @fastify/rate-limit kept in the app's database, so that every server process on one
 * PostgreSQL shares the same counts (docs/decisions/016-proxies-origins-and-shared-limits.md). Each
 * rate-limited route gets its own counters (the route is part of the key), as with the default
 * in-memory store. A failing database fails the request (the error reaches the app's error handler:
 * 503 when the database is unreachable), it never lets it through uncounted.
 *
 * Not supported: `continueExceeding`, `exponentialBackoff` and `{ increment: false }` (unused here).
 */
export function databaseRateLimitStore(db: Db, options: DatabaseStoreOptions = {}) {
  const sweepEveryMs = options.sweepEveryMs ?? 60_000;
  const sweeper: { due: number; running?: Promise<void> } = { due: Date.now() + sweepEveryMs };

  const sweepIfDue = () => {
    const now = Date.now();
    if (sweeper.running || now < sweeper.due) return;
    sweeper.due = now + sweepEveryMs;
    sweeper.running = sweepExpired(db)
      .then(
        () => {},
        (error) => options.onSweepError?.(error),
      )
      .finally(() => {
        sweeper.running = undefined;
      });
  };

  return class DatabaseRateLimitStore {
    /** The sweep in progress, if any (tests wait for it). */
    static get sweeping(): Promise<void> | undefined {
      return sweeper.running;
    }

    private readonly prefix: string;

    /** @fastify/rate-limit constructs the root store with its settings; children name their route. */
    constructor(_settings?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      countHit(db, this.prefix + key, timeWindow).then(
        (hit) => callback(null, hit),
        (error: Error) => callback(error),
      );
      sweepIfDue();
    }

    // The plugin passes the route's rate-limit settings with the route itself as `routeInfo`
    // (its typings say the route options).
    child(routeOptions: object): DatabaseRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new DatabaseRateLimitStore(routeOptions, `${String(route.method)} ${String(route.url)} `);
    }
  };
}
