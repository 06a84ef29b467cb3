import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from './toolchain.ts';

/**
 * The import rules of docs/architecture.md are enforced by the linter (biome.json): each case writes
 * a small file where the rule applies, in a scratch folder carrying the repository's biome.json, and
 * lints it. A rule that stopped biting would let the layers grow into each other unnoticed.
 */
let scratch: string;
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-import-rules-'));
  fs.copyFileSync(path.join(root, 'biome.json'), path.join(scratch, 'biome.json'));
  // The linter's own rules (GritQL plugins) that biome.json names.
  fs.cpSync(path.join(root, 'lint'), path.join(scratch, 'lint'), { recursive: true });
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function lint(files: Record<string, string>): string {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    fs.writeFileSync(path.join(scratch, file), text);
  }
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/biome'),
    ['lint', '--max-diagnostics=50', ...Object.keys(files)],
    { cwd: scratch, encoding: 'utf8' },
  );
  for (const file of Object.keys(files)) fs.rmSync(path.join(scratch, file));
  return `${result.stdout}${result.stderr}`;
}

const use = (specifier: string) => `import { thing } from '${specifier}';\nexport const again = thing;\n`;

describe('the linter refuses imports across the layers', () => {
  it.each([
    ['shared/rules.ts', '#server/services/sites.ts', 'shared/ is pure'],
    ['shared/rules.ts', '#client/lib/api.ts', 'shared/ is pure'],
    ['shared/rules.ts', 'node:fs', 'shared/ is pure'],
    ['client/src/lib/helper.ts', '#client/features/sites/api/get-sites.ts', 'components/ and lib/'],
    ['client/src/components/ui/box.tsx', '#client/features/auth/guards.tsx', 'components/ and lib/'],
    [
      'client/src/features/sites/api/list.ts',
      '#client/features/auth/guards.tsx',
      'never imports another feature',
    ],
    ['client/src/features/sites/index.ts', '../auth/guards.tsx', 'never imports another feature'],
    ['client/src/features/sites/api/list.ts', '#client/app/router.tsx', 'nor the app layer'],
    ['server/routes/things.ts', 'drizzle-orm', 'Routes run no SQL'],
    ['server/routes/things.ts', '../db/schema.ts', 'Routes run no SQL'],
    ['server/routes/things.ts', '../db/schema/directory.ts', 'Routes run no SQL'],
    ['server/routes/things.ts', './sites.ts', 'never imports another route'],
    ['server/services/things.ts', '../routes/sites.ts', 'never imports a route'],
    ['server/services/things.ts', '../../testing/factories.ts', 'through the package.json aliases'],
    ['server/services/things.ts', '#client/i18n/index.ts', 'never import from client/'],
    ['server/plugins/things.ts', '../../client/src/lib/api.ts', 'never import from client/'],
    ['server/routes/things.ts', '#client/lib/api.ts', 'never import from client/'],
    ['server/main.ts', '../client/src/entry-server.tsx', 'never import from client/'],
    ['scripts/things.ts', '../client/src/i18n/resources.ts', 'never import from client/'],
  ])('%s importing %s', (file, specifier, message) => {
    const output = lint({ [file]: use(specifier) });
    expect(output).toContain('lint/style/noRestrictedImports');
    expect(output).toContain(message);
  });

  it('an import cycle', () => {
    const output = lint({
      'server/services/one.ts': use('./two.ts'),
      'server/services/two.ts': use('./one.ts'),
    });
    expect(output).toContain('lint/suspicious/noImportCycles');
  });

  it.each([
    ['shared/rules.ts', './languages.ts'],
    ['client/src/features/sites/api/list.ts', '../model/filters.ts'],
    ['client/src/features/sites/api/list.ts', '#client/lib/api.ts'],
    ['client/src/app/router.tsx', '#client/features/sites/api/get-sites.ts'],
    ['server/routes/things.ts', '../services/sites.ts'],
    ['server/services/things.ts', '#shared/languages.ts'],
    ['server/services/things.ts', '#shared/locales/en/common.json'],
    ['server/services/things.ts', '../db/client.ts'],
    ['server/services/things.ts', '@aws-sdk/client-s3'],
  ])('but lets %s import %s', (file, specifier) => {
    const output = lint({ [file]: use(specifier) });
    expect(output).not.toContain('noRestrictedImports');
  });
});

describe('the linter keeps one date formatter', () => {
  const formatter = "export const when = new Intl.DateTimeFormat('es-US', { dateStyle: 'long' });\n";

  it.each([
    'client/src/components/admin/when.tsx',
    'client/src/features/workspace/model/when.ts',
    'server/services/when.ts',
  ])('refuses a new Intl.DateTimeFormat in %s', (file) => {
    expect(lint({ [file]: formatter })).toContain('formatting module (shared/format-hours.ts)');
  });

  it('lets the formatting module make them', () => {
    expect(lint({ 'shared/format-hours.ts': formatter })).not.toContain('formatting module');
  });

  const money =
    "export const cost = new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' });\n";

  it('refuses a new Intl.NumberFormat outside it (one per locale and options, decision 076)', () => {
    expect(lint({ 'client/src/features/sites/components/cost.tsx': money })).toContain(
      'formatting module (shared/format-hours.ts)',
    );
    expect(lint({ 'shared/format-hours.ts': money })).not.toContain('formatting module');
  });
});
