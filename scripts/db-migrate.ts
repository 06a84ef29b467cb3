/**
 * `npm run db:migrate`: the migrations alone (and the demo data on a brand-new database, as a start
 * does), for a release step before the servers roll. In production: `node dist/app/migrate.js`.
 */
import { loadDotEnv } from './lib/toolchain.ts';

// Reads .env as `npm start` does, so this command works on the same database.
loadDotEnv();
await import('#server/migrate.ts');
