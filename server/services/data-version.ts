import { sql } from 'drizzle-orm';
import { type Database, type Db, rowsOf } from '../db/client.ts';
import { CHANGE_CHANNEL } from './change-notifier.ts';

/**
 * The token of the directory's data as committed now (table `data_version`, changed by triggers at
 * every committed write to what the public reads). Equal tokens mean nothing changed in between; a
 * restored database carries the token of its backup, which differs from the one a running process
 * knows, so a restore is noticed too.
 */
export async function readDataVersion(db: Db): Promise<string> {
  const result = await db.execute(sql`select token::text as token from data_version where id = 1`);
  return rowsOf<{ token: string }>(result)[0]?.token ?? 'none';
}

/**
 * Says "the data changed" without changing any data: a new token (every process's next check drops
 * its cache). Used after a restore or a change made by hand in SQL (`npm run db:changed`).
 */
export async function bumpDataVersion(db: Db): Promise<number> {
  const result = await db.execute(
    sql`update data_version set version = version + 1, token = gen_random_uuid(), changed_at = now()
        where id = 1 returning version`,
  );
  return Number(rowsOf<{ version: number }>(result)[0]?.version ?? 0);
}

/**
 * After a restore or a change made by hand: a new data version (caught by every process's next
 * version check) and, on PostgreSQL, a NOTIFY on the change channel (caught at once by every
 * listening process). Answers the new version number.
 */
export async function announceDataChanged(database: Database): Promise<number> {
  const version = await bumpDataVersion(database.db);
  await tellOtherProcesses(database);
  return version;
}

/**
 * On PostgreSQL, a NOTIFY on the change channel: every server process listening drops its cached
 * answers. What a command that writes the directory outside a server (an import) hears its writes with.
 */
export async function tellOtherProcesses(database: Database): Promise<void> {
  if (database.pool) await database.pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, 'changed']);
}
