import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.dirname(new URL(import.meta.url).pathname);

/**
 * `vite build` builds two environments (builder: {}): the browser bundle into dist/client and the
 * server renderer of the public pages into dist/server (docs/decisions/011-server-rendering.md).
 */
export default defineConfig({
  root,
  plugins: [react()],
  resolve: {
    alias: [
      // The words live beside the server's code (shared/locales); globs over them name the folder by alias.
      { find: '@locales', replacement: path.resolve(root, '..', 'shared', 'locales') },
      // react-router exports only its development build (its messages and checks for developers); the
      // browser takes the production build it ships beside it, some 0.5 KB lighter gzipped
      // (docs/decisions/076-work-after-hydration.md).
      {
        find: /^react-router$/,
        replacement: path.resolve(root, '../node_modules/react-router/dist/production/index.mjs'),
      },
      // react-i18next still imports the shim of useSyncExternalStore for React 17; React 19 has it, so
      // the first bundle takes React's own (docs/decisions/076-work-after-hydration.md).
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: path.resolve(root, 'src', 'lib', 'sync-external-store.ts'),
      },
    ],
  },
  builder: {},
  build: {
    outDir: path.resolve(root, '../dist/client'),
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2020',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The small modules every public page loads first, shared with lazy screens, go in one chunk
        // rather than a dozen of a few hundred bytes, each with its own request and compression
        // overhead (docs/decisions/003-client-bundle.md; the budget in docs/performance.md).
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /preload-helper|[\\/]shared[\\/](languages|hours|app-data|reference-lists|constants|phone|translations|format-hours)\.ts$|[\\/]lib[\\/](current-user|lazy|agency|localized)\.tsx?$|[\\/]ui[\\/]call-us\.tsx$/,
            },
          ],
        },
        // The chunk that holds Leaflet (shared by the public map and the admin pin map) is named for
        // it, whichever small module of ours the bundler would name it after (bench:web reports by name).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => /[\\/]node_modules[\\/]leaflet[\\/]/.test(id))
            ? 'assets/leaflet-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
  environments: {
    ssr: {
      build: {
        outDir: path.resolve(root, '../dist/server'),
        emptyOutDir: true,
        target: 'node20',
        copyPublicDir: false,
        rollupOptions: { input: path.resolve(root, 'src/entry-server.tsx') },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
});
