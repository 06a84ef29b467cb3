import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the product's words (shared/locales/<language>/<namespace>.json), for tests and
 * journeys that read them from disk. Code built by Vite reaches the same folder through the
 * `@locales` alias (client/vite.config.ts, vitest.config.ts).
 */
export const LOCALES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'shared', 'locales');

/** One namespace of one language, as parsed JSON. */
export function readLocale(language: string, namespace: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, language, `${namespace}.json`), 'utf8'));
}
