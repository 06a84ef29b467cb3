/** `npm start`: builds the client when it is missing or older than its sources, then starts the server. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// A local .env (see .env.example) is read when present; real environment variables win.
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
// The browser bundle and the server renderer of the public pages, built together by `vite build`.
const outputs = [path.join(root, 'dist/client/index.html'), path.join(root, 'dist/server/entry-server.js')];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestMtime(path.join(root, 'client')), newestMtime(path.join(root, 'shared')));
const built = Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
if (built < sources) {
  console.log(built ? 'Client sources changed: rebuilding…' : 'Building the client (first start)…');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'client/vite.config.ts'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}
await import('../server/main.ts');
