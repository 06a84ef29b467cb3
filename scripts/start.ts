/**
 * `npm start` (`exec node --import tsx scripts/start.ts`): builds what is missing or older than its
 * sources — the client (vite) and the server bundle (esbuild) — then runs the built server,
 * dist/app/main.js, in this same process. npm runs its script through `sh -c`; the `exec` replaces
 * that shell with this process, so the SIGTERM npm forwards (or that a process manager sends) reaches
 * the server's own handler: it drains, closes the database and exits 0 (decision 035). Production runs
 * `node dist/app/main.js` directly, after `npm run build`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildClient, buildServer, loadDotEnv, root, SERVER_DIST } from './lib/toolchain.ts';

// A local .env (see .env.example) is read when present; real environment variables win.
loadDotEnv();

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}
/** The oldest of `outputs` (0 when one is missing). */
const builtAt = (outputs: string[]) =>
  Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));

const shared = newestMtime(path.join(root, 'shared'));
// The browser bundle and the server renderer of the public pages, built together by `vite build`.
const client = builtAt([
  path.join(root, 'dist/client/index.html'),
  path.join(root, 'dist/server/entry-server.js'),
]);
if (client < Math.max(newestMtime(path.join(root, 'client')), shared)) {
  console.log(client ? 'Client sources changed: rebuilding…' : 'Building the client (first start)…');
  buildClient();
}
const main = path.join(SERVER_DIST, 'main.js');
if (builtAt([main]) < Math.max(newestMtime(path.join(root, 'server')), shared)) buildServer();

await import(pathToFileURL(main).href);
