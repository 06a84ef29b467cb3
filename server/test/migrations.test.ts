/**
 * Migrations once (docs/decisions/035-one-process-and-migrations-once.md, docs/product.md R384–R386):
 * processes started together on an empty PostgreSQL database all come up, one of them migrates and
 * seeds; a database newer than the code is refused; MIGRATE_ON_START=false waits for `db:migrate`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder, openPglite, openPostgres } from '../db/client.ts';
import { DEMO_SITES } from '../db/seed/demo-data.ts';
import { adminUrl, dropDatabase, newDatabaseName, testBackend, urlFor } from './databases.ts';
import { repoRoot, type ServerProcess, startServerProcess, within } from './processes.ts';

const KNOWN = readMigrationFiles({ migrationsFolder }).length;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** An empty database of the backend under test: its environment for a server, and how to open it. */
async function emptyDatabase(): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-migrations-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (testBackend() === 'pglite') {
    return { env: { DATA_DIR: dataDir }, open: () => openPglite(path.join(dataDir, 'db')) };
  }
  const admin = adminUrl()!;
  const name = newDatabaseName('db');
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  cleanups.push(() => dropDatabase(admin, name));
  const url = urlFor(admin, name);
  return { env: { DATA_DIR: dataDir, DATABASE_URL: url }, open: async () => openPostgres(url, { max: 1 }) };
}

async function count(database: Database, query: string): Promise<number> {
  const result = (await database.db.execute(query as never)) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0]!.n);
}

/** Runs `npm run db:migrate` as the release step would (through its script, without npm's shell). */
function dbMigrate(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
  });
}

if (testBackend() === 'postgres') {
  describe('processes started together on an empty PostgreSQL database', () => {
    const servers: ServerProcess[] = [];
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    });

    it('all come up; the migrations run once and the demo data is loaded once', async () => {
      const { env, open } = await emptyDatabase();
      const started = await Promise.all(
        [1, 2, 3].map(() =>
          startServerProcess({ ...env, DEMO_DATA: 'true', LOG_LEVEL: 'info', SHUTDOWN_DRAIN_MS: '0' }),
        ),
      );
      servers.push(...started);
      await Promise.all(started.map((server) => server.ready(180_000)));
      const migrated = started.filter((server) => /database migrations applied/.test(server.output()));
      expect(migrated).toHaveLength(1);
      expect(migrated[0]!.output()).toContain(`"applied":${KNOWN}`);
      expect(started.filter((server) => /demo data loaded/.test(server.output()))).toHaveLength(1);
      const database = await open();
      try {
        expect(await count(database, 'select count(*) as n from drizzle.__drizzle_migrations')).toBe(KNOWN);
        expect(await count(database, 'select count(*) as n from sites')).toBe(DEMO_SITES.length);
      } finally {
        await database.close();
      }
      for (const server of started) expect(await server.stop()).toEqual({ code: 0, signal: null });
    }, 300_000);
  });
}

describe('the database and the code agree on the migrations', () => {
  it('a database migrated by a newer version is refused with a clear message and exit 1', async () => {
    const { env, open } = await emptyDatabase();
    expect(dbMigrate({ ...env, DEMO_DATA: 'false' }).status).toBe(0);
    const database = await open();
    await database.db.execute(
      `insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${Date.now() + 365 * 86_400_000})` as never,
    );
    await database.close();
    const server = await startServerProcess(env);
    expect(await within(120_000, server.exited, 'the refusal')).toEqual({ code: 1, signal: null });
    expect(server.output()).toMatch(/1 migration\(s\) this version does not know .*newer/);
    expect(server.output()).not.toMatch(/\n\s+at /);
  }, 180_000);

  it('with MIGRATE_ON_START=false, a start before `db:migrate` is refused; after it, the server serves', async () => {
    const { env, open } = await emptyDatabase();
    const early = await startServerProcess({ ...env, MIGRATE_ON_START: 'false' });
    expect(await within(120_000, early.exited, 'the refusal')).toEqual({ code: 1, signal: null });
    expect(early.output()).toMatch(new RegExp(`lacks ${KNOWN} migration\\(s\\).*db:migrate`));

    const migrate = dbMigrate({ ...env, DEMO_DATA: 'true' });
    expect(migrate.stderr).toBe('');
    expect(migrate.stdout).toContain(`${KNOWN} migration(s) applied, ${DEMO_SITES.length} demo sites loaded`);
    expect(migrate.status).toBe(0);
    // Again: nothing left to do.
    expect(dbMigrate(env).stdout).toContain('0 migration(s) applied.');

    const server = await startServerProcess({ ...env, MIGRATE_ON_START: 'false', SHUTDOWN_DRAIN_MS: '0' });
    cleanups.push(async () => void (await server.stop('SIGKILL')));
    await server.ready(120_000);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
    const database = await open();
    try {
      expect(await count(database, 'select count(*) as n from sites')).toBe(DEMO_SITES.length);
    } finally {
      await database.close();
    }
  }, 240_000);
});
