/**
 * `npm run build`: everything production runs, built ahead — the browser bundle (dist/client) and the
 * server renderer of the public pages (dist/server) by vite, and the server itself (dist/app/main.js,
 * dist/app/migrate.js) by esbuild. Then `node dist/app/main.js` is the production command.
 */
import { buildClient, buildServer } from './lib/toolchain.ts';

buildClient();
buildServer();
console.log('Built dist/client, dist/server and dist/app: run `node dist/app/main.js`.');
