import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '#testing/locales.ts';
import { buildResources } from './index.ts';
import { lazyNamespaceNames } from './lazy-namespaces.ts';
import { pageResources } from './page-namespaces.ts';

describe('every locale file reaches the app', () => {
  it('each namespace on disk is in the first bundle, a lazy screen chunk, or the information pages’ loader', () => {
    const onDisk = new Set(
      fs.readdirSync(path.join(LOCALES_DIR, 'en')).map((file) => file.replace(/\.json$/, '')),
    );
    const eager = Object.keys(buildResources().en ?? {});
    const lazy = lazyNamespaceNames();
    const pages = Object.keys(pageResources().en ?? {});
    expect([...new Set([...eager, ...lazy, ...pages])].sort()).toEqual([...onDisk].sort());
    // None is in two places: a lazy namespace left in the first bundle would cost its bytes twice.
    expect(eager.filter((name) => lazy.includes(name) || pages.includes(name))).toEqual([]);
  });
});
