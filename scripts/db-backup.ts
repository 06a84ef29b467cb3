/** `npm run db:backup [-- <file>]`: a consistent copy of the embedded database (stop the server first). */
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { backupEmbedded } from '#server/db/backup.ts';
import { ownerOnlyFiles } from '#server/db/owner-only.ts';
import { loadDotEnv } from './lib/toolchain.ts';

// Reads .env as `npm start` does, so this command works on the same database.
loadDotEnv();
// Files this command writes under DATA_DIR (database, backups) are the owner's alone (R362).
ownerOnlyFiles();

const config = loadConfig();
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see the README).');
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `meals-${stamp}.tar.gz`));
try {
  const result = await backupEmbedded(config.dataDir, file);
  // The uploaded files are not in the database: say where they are, so they are backed up too.
  const files = config.S3_BUCKET
    ? `The uploaded files are in bucket ${config.S3_BUCKET}${config.S3_PREFIX ? ` under ${config.S3_PREFIX}` : ''}: back them up there.`
    : `Copy ${path.join(config.dataDir, 'uploads')} too.`;
  console.log(`Backup written: ${result.file} (${result.bytes} bytes). ${files}`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
