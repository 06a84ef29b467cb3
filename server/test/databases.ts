import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../db/client.ts';

const PREFIX = 'mealsites_t';
const STALE_AFTER_MS = 6 * 3_600_000;

/** Which database the API suite runs on: TEST_DB=postgres with TEST_DATABASE_URL or DATABASE_URL, else PGlite. */
export function testBackend(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export function adminUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
}

/** A URL for database `name` on the same server as `url`. */
export function urlFor(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Names carry their creation time, so databases left by a crashed run can be dropped later. */
export function newDatabaseName(kind: 'tpl' | 'db'): string {
  return `${PREFIX}_${kind}_${Date.now()}_${randomBytes(3).toString('hex')}`;
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createTemplateDatabase(url: string): Promise<string> {
  const name = newDatabaseName('tpl');
  await withAdmin(url, (c) => c.query(`create database ${name}`));
  const database = openPostgres(urlFor(url, name), { max: 1 });
  await database.migrate();
  await database.close();
  return name;
}

export async function cloneDatabase(url: string, template: string): Promise<string> {
  const name = newDatabaseName('db');
  for (let attempt = 1; ; attempt++) {
    try {
      await withAdmin(url, (c) => c.query(`create database ${name} template ${template}`));
      return name;
    } catch (error) {
      // Two clones of one template at the same instant can collide; try again shortly.
      if (attempt >= 10 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await withAdmin(url, (c) => c.query(`drop database if exists ${name} with (force)`));
}

export async function dropStaleDatabases(url: string): Promise<void> {
  await withAdmin(url, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${PREFIX}_%`],
    );
    for (const { datname } of rows) {
      const created = Number(datname.split('_')[3]);
      if (created && Date.now() - created > STALE_AFTER_MS)
        await c.query(`drop database if exists ${datname} with (force)`);
    }
  });
}
