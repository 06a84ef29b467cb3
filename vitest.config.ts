import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  plugins: [react()],
  // As in client/vite.config.ts: globs over the product's words name their folder by alias.
  resolve: { alias: { '@locales': path.resolve(root, 'shared', 'locales') } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'server/**/*.unit.test.ts',
            'scripts/**/*.test.ts',
            'client/src/lib/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          exclude: ['client/src/lib/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['client/src/testing/setup.ts'],
          // A screen test takes about a second alone and several on a busy machine: the limit is for
          // a test that hangs, not one that is slow (the suite must pass while other work runs).
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
