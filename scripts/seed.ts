/** `npm run seed`: loads the demo sites into the configured database when it has no sites yet. */
import { count } from 'drizzle-orm';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { ownerOnlyFiles } from '#server/db/owner-only.ts';
import { sites } from '#server/db/schema.ts';
import { seedDemoData } from '#server/db/seed/demo.ts';
import { loadDotEnv } from './lib/toolchain.ts';

// Reads .env as `npm start` does, so this command works on the same database.
loadDotEnv();
// Files this command writes under DATA_DIR (database, backups) are the owner's alone (R362).
ownerOnlyFiles();

const database = await openDatabase(loadConfig());
await database.migrate();
const [row] = await database.db.select({ n: count() }).from(sites);
if ((row?.n ?? 0) > 0) {
  console.log(
    `The database already has ${row!.n} sites; demo data not loaded (seeding is idempotent and guarded).`,
  );
} else {
  const { sites: n } = await seedDemoData(database.db);
  console.log(`Loaded ${n} demo sites.`);
}
await database.close();
