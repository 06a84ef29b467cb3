/**
 * `npm run db:changed`: tells every running server process that the database changed behind its back
 * (after `pg_restore`, or an UPDATE made by hand), so each drops its cached answers and reads afresh.
 */
import { loadConfig } from '#server/config.ts';
import { openPostgres } from '#server/db/client.ts';
import { announceDataChanged } from '#server/services/data-version.ts';
import { loadDotEnv } from './lib/toolchain.ts';

// Reads .env as `npm start` does, so this command speaks to the same database.
loadDotEnv();

const config = loadConfig();
if (!config.DATABASE_URL) {
  console.log(
    'Embedded database: the server that uses it must be stopped to restore it, and reads afresh when it starts. Nothing to do.',
  );
  process.exit(0);
}
const database = openPostgres(config.DATABASE_URL, { max: 1 });
try {
  const version = await announceDataChanged(database);
  console.log(`Every server process was told the data changed (data version ${version}).`);
} catch (error) {
  console.error(`Could not signal the change: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
