import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { tightenTree } from './owner-only.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed SQL migrations. */
  migrate(): Promise<void>;
  /** Cheap reachability check for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The node-postgres pool and URL, when on PostgreSQL (LISTEN/NOTIFY, bench). */
  pool?: pg.Pool;
  url?: string;
  pglite?: PGlite;
}

/** The rows of a raw `db.execute` result; PGlite and node-postgres both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The committed SQL migrations (copied next to the bundle by `npm run build`: dist/app/migrations). */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How long a query may take before the API gives up on it (DATABASE_QUERY_TIMEOUT_MS). */
const DEFAULT_QUERY_TIMEOUT_MS = 10_000;

/**
 * PostgreSQL through node-postgres. When the database goes away the API must answer 503 quickly
 * rather than hang: a connection that cannot be made fails after 2 s (refused ones at once), and a
 * query on a connection that stopped answering (a network partition, a frozen server) fails after
 * `queryTimeoutMs` — on both sides: the client stops waiting and the server cancels the statement.
 */
export function openPostgres(url: string, options: { max?: number; queryTimeoutMs?: number } = {}): Database {
  const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 2000,
    query_timeout: queryTimeoutMs,
    statement_timeout: queryTimeoutMs,
    keepAlive: true,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  // Nor one that is checked out (a transaction between two statements): pg-pool listens for errors
  // only on idle clients and during pool.query, and an 'error' event nobody listens to kills the
  // process. The statements in flight still fail, and the pool drops the broken client on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    url,
    // Migrations may legitimately run long (an index on a big table): their own connection, no limit.
    migrate: async () => {
      const migrationPool = new pg.Pool({ connectionString: url, max: 1 });
      try {
        await migratePg(drizzlePg(migrationPool, { schema, casing: 'snake_case' }) as never, {
          migrationsFolder,
        });
      } finally {
        await migrationPool.end();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/** The embedded database: PGlite persisted in `dir`, or in memory when `dir` is undefined. */
export async function openPglite(dir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  const release = dir ? lockDataDir(dir) : () => {};
  const client = await PGlite.create(dir, loadDataDir ? { loadDataDir } : {}).catch((error) => {
    release();
    throw error;
  });
  // Whatever the process's umask was when PGlite made its files: they hold password hashes and
  // session ids, so they are the owner's alone (docs/product.md R362).
  if (dir) tightenTree(dir);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    // One connection: a query waits for the transaction in progress to end, and the sites list's
    // rebuild is one transaction of seconds at 10,000 sites. A transaction in progress shows the
    // database is answering (docs/product.md R463).
    ping: async () => {
      if (!client.closed && client.isInTransaction()) return;
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * PGlite is single-process: a second process opening the same folder would corrupt it. A pid file
 * refuses that with a clear message; a stale file (its process gone) is taken over.
 */
function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const lock = path.join(dir, '..', `${path.basename(dir)}.lock`);
  try {
    const pid = Number(fs.readFileSync(lock, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${pid}. Stop that process (the server) first.`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.writeFileSync(lock, String(process.pid), { mode: 0o600 });
  return () => fs.rmSync(lock, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openDatabase(config: {
  DATABASE_URL?: string;
  DATABASE_QUERY_TIMEOUT_MS?: number;
  dataDir: string;
}): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, { queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS })
    : openPglite(path.join(config.dataDir, 'db'));
}
