/**
 * What every command of the repository does the same way: read the local .env, build the client,
 * start Debian's Chromium. One place each, so `npm start`, `npm run dev`, the other commands, the
 * tests, the benchmarks and the browser journeys cannot drift apart.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

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
