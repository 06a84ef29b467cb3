import { buildResources } from './index.ts';
import type { Resources } from './resources.ts';
import es from './words-es.ts';
import zh from './words-zh.ts';

/**
 * The public pages' words in every language at once, for the server's renderer and the tests (the
 * browser loads Spanish and Chinese only when a page is in them: index.ts `loadLanguage`).
 */
export function allResources(): Resources {
  return { ...buildResources(), ...es, ...zh };
}
