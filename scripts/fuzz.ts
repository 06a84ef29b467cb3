/**
 * `npm run fuzz [-- <cases>]`: the hostile-input properties of server/test/fuzz.test.ts with a large
 * number of cases (default 10,000, or FUZZ_RUNS; `npm test` runs 300), shared out among them: half to
 * bodies, params and headers through every endpoint, three tenths to cookies, headers, path encodings
 * and query strings on the pages and the API over real HTTP, a tenth each to the …Ids lists and to
 * prototype-pollution keys. On the embedded database unless TEST_DB=postgres
 * (then with TEST_DATABASE_URL or DATABASE_URL). FUZZ_SEED=<n> replays a run; on a failure fast-check
 * prints the seed, the path and the smallest failing case.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.argv[2] ?? process.env.FUZZ_RUNS ?? 10_000);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm run fuzz [-- <cases>]   (or FUZZ_RUNS=<cases>)');
  process.exit(2);
}
const postgres = process.env.TEST_DB === 'postgres';
const env: NodeJS.ProcessEnv = {
  ...process.env,
  FUZZ_RUNS: String(runs),
  // The embedded run must not talk to a server the environment happens to name.
  ...(postgres ? {} : { DATABASE_URL: '', TEST_DATABASE_URL: '', TEST_DB: 'pglite' }),
};
console.log(`fuzz: ${runs} cases on ${postgres ? 'PostgreSQL' : 'the embedded database'}`);
const result = spawnSync(
  path.join(root, 'node_modules/.bin/vitest'),
  ['run', '--project', 'api', 'server/test/fuzz.test.ts'],
  { cwd: root, stdio: 'inherit', env },
);
process.exit(result.status ?? 1);
