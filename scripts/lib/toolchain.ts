/**
 * What every command of the repository does the same way: read the local .env, build the client,
 * start Debian's Chromium. One place each, so `npm start`, `npm run dev`, the other commands, the
 * tests, the benchmarks and the browser journeys cannot drift apart.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import zlib from 'node:zlib';
import { buildSync } from 'esbuild';

export const root = path.resolve(import.meta.dirname, '../..');

/**
 * Reads the local .env file (see .env.example) into `env` when there is one; variables already set
 * win. `ENV_FILE` names another file. Every entry point calls this before reading its configuration.
 * Answers the file read, if any.
 */
export function loadDotEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const file = path.resolve(env.ENV_FILE ?? path.join(root, '.env'));
  if (!fs.existsSync(file)) return undefined;
  for (const [name, value] of Object.entries(parseEnv(fs.readFileSync(file, 'utf8'))))
    if (env[name] === undefined) env[name] = value;
  return file;
}

/** `vite build`: the browser bundle (dist/client) and the server renderer (dist/server) together. */
export function buildClient(options: { quiet?: boolean } = {}) {
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'client/vite.config.ts',
      ...(options.quiet ? ['--logLevel', 'warn'] : []),
    ],
    { cwd: root, stdio: 'inherit' },
  );
  precompressAssets(path.join(root, 'dist/client/assets'));
}

/** Files of the built client worth compressing ahead: text, and larger than one network packet. */
const PRECOMPRESSED = /\.(?:js|css|svg|json|txt)$/;
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli at its best quality, 11) and `<file>.gz` (gzip 9) beside each built text
 * asset, which the server sends as they are (docs/product.md R720): made once
 * per build, they are 12–15 % smaller than the fast compression a response can afford on the fly, on
 * every first visit. Answers how many files were compressed.
 */
export function precompressAssets(directory: string): number {
  if (!fs.existsSync(directory)) return 0;
  let count = 0;
  for (const name of fs.readdirSync(directory)) {
    if (!PRECOMPRESSED.test(name)) continue;
    const file = path.join(directory, name);
    const raw = fs.readFileSync(file);
    if (raw.length < PRECOMPRESS_MIN_BYTES) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
    count += 1;
  }
  return count;
}

/**
 * The server's entry points, bundled by `npm run build` into dist/app/<out>.js: our code (server/,
 * shared/, the `#server/` and `#shared/` aliases) in one file each, the packages of node_modules
 * imported at run time. Another entry (a worker thread's file) is one more line here; the code that
 * starts it finds it next to itself: `new URL(import.meta.url.endsWith('.ts') ? './x-worker.ts' :
 * './x-worker.js', import.meta.url)` (in the bundle, import.meta.url is dist/app/main.js).
 */
export const SERVER_ENTRIES: { in: string; out: string }[] = [
  // The production server: `node dist/app/main.js`.
  { in: 'server/main.ts', out: 'main' },
  // The migrations alone (release step, Kubernetes Job): `node dist/app/migrate.js`.
  { in: 'server/migrate.ts', out: 'migrate' },
  // The spreadsheet reader's worker thread (server/services/spreadsheets/reader.ts starts it).
  { in: 'server/services/spreadsheets/read-worker.ts', out: 'read-worker' },
];

/**
 * The production command, after `npm run build`: what the Dockerfile's CMD, the systemd unit's
 * ExecStart and the Kubernetes container run (scripts/deploy-files.test.ts holds them to it), and
 * what scripts/production.test.ts starts and stops. MIGRATE_COMMAND is the migrations alone.
 */
export const PRODUCTION_COMMAND = ['node', 'dist/app/main.js'];
export const MIGRATE_COMMAND = ['node', 'dist/app/migrate.js'];

/** Where the server bundle goes; `node dist/app/main.js` from the checkout (or image) root runs it. */
export const SERVER_DIST = path.join(root, 'dist/app');

/** Files the server reads next to its code (import.meta.url), copied next to the bundle. */
const SERVER_FILES: { from: string; to: string }[] = [
  { from: 'server/db/migrations', to: 'migrations' },
  { from: 'server/services/neighborhoods.json', to: 'neighborhoods.json' },
];

/** esbuild: SERVER_ENTRIES → dist/app (ES modules for Node, source maps), and the files they read. */
export function buildServer() {
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  buildSync({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: SERVER_DIST,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  for (const file of SERVER_FILES)
    fs.cpSync(path.join(root, file.from), path.join(SERVER_DIST, file.to), { recursive: true });
}

/** Debian's Chromium (`apt-get install chromium`); CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium on a closed network, as root: no sandbox, no GPU, no background connections. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
