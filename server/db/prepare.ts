/**
 * What a process does to the database before it serves (docs/decisions/035-one-process-and-migrations-once.md):
 * under one database-wide lock, refuse a database newer than this build, run the migrations, load the
 * demo data into a brand-new database, ensure the configured administrator. Any number of processes
 * may start together on an empty database: one migrates and seeds, the others wait for the lock and
 * find the work done. `npm run db:migrate` (dist/app/migrate.js) runs the same step alone.
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { ensureAdmin } from '../services/accounts.ts';
import { type Database, migrationsFolder, rowsOf } from './client.ts';
import { seedDemoData } from './seed/demo.ts';

/** The PostgreSQL advisory lock every process takes around its start-up writes (an arbitrary constant). */
export const STARTUP_LOCK_KEY = 7_104_535_035;

/** A database this build cannot serve: newer than its code, or (MIGRATE_ON_START=false) not yet migrated. */
export class DatabaseVersionError extends Error {}

export interface PrepareOptions {
  /** Run the migrations (MIGRATE_ON_START); false: only check that none is missing. */
  migrate: boolean;
  /** Load the demo data when the database is brand new (DEMO_DATA). */
  demoData: boolean;
  admin?: { email: string; password: string; firstName: string; lastName: string } | undefined;
}

export interface PrepareResult {
  /** Migrations this process applied (0 when another process or an earlier start did). */
  applied: number;
  /** Demo sites loaded (0 unless the database was brand new and DEMO_DATA is on). */
  demoSites: number;
  admin?: { created: boolean; id: number; promoted?: boolean } | undefined;
}

/** The options from the configuration: MIGRATE_ON_START (unless `migrate` is given), DEMO_DATA, ADMIN_*. */
export function prepareOptions(config: Config, migrate = config.MIGRATE_ON_START): PrepareOptions {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = config;
  return {
    migrate,
    demoData: config.DEMO_DATA,
    admin:
      email && password
        ? { email, password, firstName: config.ADMIN_FIRST_NAME, lastName: config.ADMIN_LAST_NAME }
        : undefined,
  };
}

/** The migrations recorded in the database ([] when it has no migrations table yet). */
async function recordedMigrations(database: Database): Promise<{ hash: string; createdAt: number }[]> {
  const fresh = rowsOf<{ fresh: boolean }>(
    await database.db.execute("select to_regclass('drizzle.__drizzle_migrations') is null as fresh" as never),
  )[0]?.fresh;
  if (fresh) return [];
  return rowsOf<{ hash: string; created_at: string | number }>(
    await database.db.execute('select hash, created_at from drizzle.__drizzle_migrations' as never),
  ).map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
}

/**
 * Runs `work` holding the start-up lock. PostgreSQL: a session advisory lock on a connection of its
 * own (no query timeout: waiting for another process's migrations is expected). The embedded
 * database needs none: its folder is opened by one process only (the pid lock in client.ts).
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres' || !database.url) return work();
  const client = new pg.Client({ connectionString: database.url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** Migrations, first demo seed and the configured administrator, under the start-up lock. */
export async function prepareDatabase(database: Database, options: PrepareOptions): Promise<PrepareResult> {
  return withStartupLock(database, async () => {
    const known = readMigrationFiles({ migrationsFolder });
    const knownTimes = new Set(known.map((migration) => migration.folderMillis));
    const before = await recordedMigrations(database);
    const unknown = before.filter((row) => !knownTimes.has(row.createdAt));
    if (unknown.length > 0) {
      throw new DatabaseVersionError(
        `The database has ${unknown.length} migration(s) this version does not know (it was migrated by a newer ` +
          'version). Refusing to start: run the newer version, or restore a backup taken before the upgrade.',
      );
    }
    const brandNew = before.length === 0;
    let applied = 0;
    if (options.migrate) {
      await database.migrate();
      applied = (await recordedMigrations(database)).length - before.length;
    } else {
      const done = new Set(before.map((row) => row.createdAt));
      const missing = known.filter((migration) => !done.has(migration.folderMillis)).length;
      if (missing > 0) {
        throw new DatabaseVersionError(
          `The database lacks ${missing} migration(s) of this version and MIGRATE_ON_START=false: ` +
            'run `npm run db:migrate` (or `node dist/app/migrate.js`) first.',
        );
      }
    }
    const demoSites =
      brandNew && options.migrate && options.demoData ? (await seedDemoData(database.db)).sites : 0;
    const admin = options.admin ? await ensureAdmin(database.db, options.admin) : undefined;
    return { applied, demoSites, admin };
  });
}
