import fs from 'node:fs';
import path from 'node:path';
import { openPglite } from './client.ts';

/**
 * Backups of the embedded database: a consistent copy of the whole PGlite data directory (PGlite's
 * own dump, gzip-compressed). PGlite is single-process, so the server must be stopped first — the
 * data-dir lock says so clearly if it is not.
 */
export async function backupEmbedded(
  dataDir: string,
  outFile: string,
): Promise<{ file: string; bytes: number }> {
  const dbDir = path.join(dataDir, 'db');
  if (!fs.existsSync(dbDir)) throw new Error(`No embedded database in ${dbDir}.`);
  const database = await openPglite(dbDir);
  try {
    const dump = await database.pglite!.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    // A backup is the whole database: the owner's alone, like DATA_DIR (docs/product.md R362).
    fs.mkdirSync(path.dirname(outFile), { recursive: true, mode: 0o700 });
    fs.rmSync(`${outFile}.partial`, { force: true });
    fs.writeFileSync(`${outFile}.partial`, bytes, { mode: 0o600 });
    fs.chmodSync(`${outFile}.partial`, 0o600);
    fs.renameSync(`${outFile}.partial`, outFile);
    return { file: outFile, bytes: bytes.length };
  } finally {
    await database.close();
  }
}

/**
 * Replaces the embedded database with a backup. The current one is kept beside it
 * (db.before-restore-<time>), so a restore never loses anything; migrations then bring an older
 * backup up to date.
 */
export async function restoreEmbedded(dataDir: string, backupFile: string): Promise<{ previous?: string }> {
  if (!fs.existsSync(backupFile)) throw new Error(`No backup file at ${backupFile}.`);
  const dbDir = path.join(dataDir, 'db');
  // Opening (and closing) the current database first proves nobody else has it open.
  if (fs.existsSync(dbDir)) await (await openPglite(dbDir)).close();
  const staging = path.join(dataDir, `db.restoring-${Date.now()}`);
  const restored = await openPglite(staging, new Blob([fs.readFileSync(backupFile)]));
  try {
    await restored.migrate();
  } finally {
    await restored.close();
  }
  let previous: string | undefined;
  if (fs.existsSync(dbDir)) {
    previous = path.join(dataDir, `db.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    fs.renameSync(dbDir, previous);
  }
  fs.renameSync(staging, dbDir);
  return { previous };
}
