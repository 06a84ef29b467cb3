/**
 * The migrations alone, for a release step, a Kubernetes Job or an init container: `npm run db:migrate`,
 * or `node dist/app/migrate.js` in production. The same step a server start runs (db/prepare.ts, under
 * the same lock): migrations, the demo data on a brand-new database (DEMO_DATA), the administrator
 * from ADMIN_EMAIL. Exits 0 when the database is up to date, 1 with a message otherwise.
 */
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DatabaseVersionError, prepareDatabase, prepareOptions } from './db/prepare.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const database = await openDatabase(config);
try {
  const result = await prepareDatabase(database, prepareOptions(config, true));
  console.log(
    `Database up to date (${database.kind}): ${result.applied} migration(s) applied` +
      (result.demoSites ? `, ${result.demoSites} demo sites loaded` : '') +
      '.',
  );
} catch (error) {
  await database.close().catch(() => {});
  if (error instanceof DatabaseVersionError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
await database.close();
