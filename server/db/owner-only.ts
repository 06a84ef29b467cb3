import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database (password hashes, session ids), the session secret, the outbox
 * (reset links) and uploads: only the account that runs the server may read it (docs/product.md R362).
 */

/** New files 0600, new folders 0700, whatever the shell's umask: call first in every command. */
export function ownerOnlyFiles(): void {
  process.umask(0o077);
}

/**
 * Takes the group and other bits off `dir` and everything under it (symbolic links are not followed);
 * answers how many files and folders were changed. A missing `dir` is created owner-only.
 */
export function tightenTree(dir: string): number {
  if (!fs.existsSync(dir)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    return 0;
  }
  let changed = 0;
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) {
      fs.chmodSync(entry, stat.mode & 0o700);
      changed += 1;
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return changed;
}
