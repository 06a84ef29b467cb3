/**
 * DATA_DIR is the owner's alone (docs/product.md R362): the server, started with a lax umask on a
 * DATA_DIR that other local users could read, makes every file it writes owner-only, tightens what
 * was there and says so once in the log; a backup is owner-only too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupEmbedded } from '../db/backup.ts';
import { openPglite } from '../db/client.ts';
import { type ServerProcess, startServerProcess } from './processes.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-perms-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Every file and folder under `dir` (itself included) that a group or other user may use. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0)
      found.push(`${path.relative(dir, entry) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return found;
}

describe('DATA_DIR permissions', () => {
  it('the server makes DATA_DIR owner-only: what it writes, and what was there (logged once)', async () => {
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(path.join(dataDir, 'outbox'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'outbox', 'old.eml'), 'reset link');
    fs.writeFileSync(path.join(dataDir, 'notes.txt'), 'left by hand');
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'outbox'), 0o755);
    fs.chmodSync(path.join(dataDir, 'outbox', 'old.eml'), 0o666);
    fs.chmodSync(path.join(dataDir, 'notes.txt'), 0o644);
    // The server's own umask decides: start it from a shell whose umask lets everyone read.
    const previous = process.umask(0o022);
    let server: ServerProcess | undefined;
    try {
      server = await startServerProcess({ DATA_DIR: dataDir });
      await server.ready(240_000);
      // Something written after start: the session table (a login) and the database's own files.
      await fetch(`${server.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.org', password: 'not-a-password-1' }),
      });
    } finally {
      process.umask(previous);
      await server?.stop();
    }
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(true);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(server!.output()).toContain('tightened permissions of 4 files under DATA_DIR');
    expect(server!.output().match(/tightened permissions/g)).toHaveLength(1);
  }, 300_000);

  it('a backup of the embedded database is owner-only, whatever the umask', async () => {
    const dataDir = path.join(root, 'backup-data');
    const database = await openPglite(path.join(dataDir, 'db'));
    await database.close();
    const previous = process.umask(0);
    try {
      const { file } = await backupEmbedded(dataDir, path.join(dataDir, 'backups', 'b.tar.gz'));
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    } finally {
      process.umask(previous);
    }
  }, 300_000);
});
