/** `npm start`: builds the client when it is missing or older than its sources, then starts the server. */
import fs from 'node:fs';
import path from 'node:path';
import { buildClient, loadDotEnv, root } from './lib/toolchain.ts';

// A local .env (see .env.example) is read when present; real environment variables win.
loadDotEnv();
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
  buildClient();
}
await import('#server/main.ts');
