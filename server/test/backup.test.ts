import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupEmbedded, restoreEmbedded } from '../db/backup.ts';
import { openPglite, rowsOf } from '../db/client.ts';
import { seedDemoData } from '../db/seed/demo.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-backup-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Every row of every table, in a stable order, as text. */
async function snapshot(dir: string) {
  const database = await openPglite(dir);
  try {
    const tables = rowsOf<{ tablename: string }>(
      await database.db.execute(
        "select tablename from pg_tables where schemaname = 'public' order by tablename" as never,
      ),
    ).map((t) => t.tablename);
    const out: Record<string, string[]> = {};
    for (const table of tables) {
      const rows = rowsOf<Record<string, unknown>>(
        await database.db.execute(`select * from ${table}` as never),
      );
      out[table] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return out;
  } finally {
    await database.close();
  }
}

describe('embedded database backup and restore', () => {
  it('round-trips every row, keeps the replaced database, and refuses while the database is open', async () => {
    const dbDir = path.join(dataDir, 'db');
    const database = await openPglite(dbDir);
    await database.migrate();
    await seedDemoData(database.db);

    await database.close();

    // While another process has the database open (the server running), a backup is refused clearly.
    const server = spawn('sleep', ['30']);
    fs.writeFileSync(`${dbDir}.lock`, String(server.pid));
    try {
      await expect(backupEmbedded(dataDir, path.join(dataDir, 'x.tar.gz'))).rejects.toThrow(
        /in use by process \d+/,
      );
    } finally {
      server.kill();
      await new Promise((resolve) => server.once('exit', resolve));
    }

    const before = await snapshot(dbDir);
    expect(before.sites!.length).toBeGreaterThanOrEqual(40);
    const file = path.join(dataDir, 'backups', 'b.tar.gz');
    const { bytes } = await backupEmbedded(dataDir, file);
    expect(bytes).toBeGreaterThan(1000);

    // Change the data after the backup…
    const changed = await openPglite(dbDir);
    await changed.db.execute(
      'delete from sites where id in (select id from sites order by id limit 5)' as never,
    );
    await changed.db.execute("update populations set name = 'changed'" as never);
    await changed.close();
    expect(await snapshot(dbDir)).not.toEqual(before);

    // …and the restore brings back exactly what was backed up.
    const { previous } = await restoreEmbedded(dataDir, file);
    expect(await snapshot(dbDir)).toEqual(before);
    expect(previous && fs.existsSync(previous)).toBe(true);
  }, 180_000); // a bound against a hung test only: a busy machine copies a database slowly
});
