/** `npm run db:restore -- <file>`: replaces the embedded database with a backup (stop the server first). */
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { restoreEmbedded } from '#server/db/backup.ts';
import { ownerOnlyFiles } from '#server/db/owner-only.ts';
import { loadDotEnv } from './lib/toolchain.ts';

// Reads .env as `npm start` does, so this command works on the same database.
loadDotEnv();
// Files this command writes under DATA_DIR (database, backups) are the owner's alone (R362).
ownerOnlyFiles();

const config = loadConfig();
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run db:restore -- <backup file>');
  process.exit(2);
}
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (see the README).');
  process.exit(2);
}
try {
  const { previous } = await restoreEmbedded(config.dataDir, path.resolve(file));
  console.log(`Restored ${file}.${previous ? ` The database it replaced is kept in ${previous}.` : ''}`);
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
