import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/lib/toolchain.ts';

const port = Number(process.env.E2E_PORT ?? 3456);
// Set once in the runner; workers inherit it, so every spec reads the same outbox.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `meals-e2e-${process.pid}`);
const dataDir = process.env.E2E_DATA_DIR;

import { E2E_ADMIN } from './e2e/support/constants.ts';

/** Journeys in Debian's Chromium against the real server on a fresh embedded database. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // In CI a journey that fails once is run again and reported as flaky (scripts/test.ts lists it).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf ${dataDir} && node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      SHUTDOWN_DRAIN_MS: '0',
      ALLOW_REGISTRATION: 'true',
      BASE_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_FIRST_NAME: 'Ada',
      ADMIN_LAST_NAME: 'Admin',
      RATE_LIMIT_AUTH_MAX: '10000',
      // Journeys on a fixed date (Thanksgiving 2026) set the server's clock per request (e2e/support/clock.ts).
      TEST_CLOCK_HEADER: 'true',
      // Journeys make partner managers through POST /test/accounts (server/plugins/test-accounts.ts).
      TEST_ACCOUNTS: 'true',
      UPLOADS_PER_HOUR: '1000',
      // Every journey's reports come from 127.0.0.1; the limit itself is tested in server/test/reports.test.ts.
      REPORTS_PER_HOUR: '1000',
      // Every journey renders /sites pages from 127.0.0.1; the limits are tested in server/test/page-renders.test.ts.
      PAGE_RENDERS_PER_CLIENT: '10000',
      PAGE_RENDERS_AT_ONCE: '8',
      LOG_LEVEL: 'warn',
      // Tiles point nowhere reachable: the map must work without them (docs/product.md R23).
      MAP_TILE_URL: `http://127.0.0.1:${port}/tiles-offline/{z}/{x}/{y}.png`,
    },
  },
});
