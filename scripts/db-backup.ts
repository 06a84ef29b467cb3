/** `npm run db:backup [-- <file>]`: a consistent copy of the embedded database (stop the server first). */
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { backupEmbedded } from '../server/db/backup.ts';

const config = loadConfig();
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see the README).');
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `meals-${stamp}.tar.gz`));
try {
  const result = await backupEmbedded(config.dataDir, file);
  console.log(
    `Backup written: ${result.file} (${result.bytes} bytes). Copy ${path.join(config.dataDir, 'uploads')} too.`,
  );
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
