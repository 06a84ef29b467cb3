/**
 * What is written down is true: every rule of docs/product.md has an anchor a link can reach
 * (`docs/product.md#r93`), every rule the code cites exists, every decision the code and the docs name
 * exists, and every file path docs/architecture.md names is a file of the repository.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const product = read('docs/product.md');
/** The files git knows (tracked and new ones not ignored). */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && fs.existsSync(path.join(root, file)));
const sources = files.filter(
  (file) => /\.(ts|tsx|mjs|md)$/.test(file) && !file.startsWith('testing/hsds/official/'),
);

const rules = [...product.matchAll(/^(?:<a id="([^"]+)"><\/a>)?\*\*(R\d+[a-z]?)\. /gm)];

describe('docs/product.md', () => {
  it('has rules, each with the anchor #r<number>', () => {
    expect(rules.length).toBeGreaterThan(300);
    const wrong = rules
      .filter(([, anchor, rule]) => anchor !== rule!.toLowerCase())
      .map(([, , rule]) => rule);
    expect(wrong).toEqual([]);
  });

  it('has every rule the code and the docs cite next to its name, and every #r anchor linked', () => {
    const known = new Set(rules.map(([, , rule]) => rule));
    const missing: string[] = [];
    for (const file of sources) {
      const text = read(file);
      // "docs/product.md R93", "docs/product.md, R93–R95", "(docs/product.md R230, R234)".
      for (const match of text.matchAll(/product\.md,? ((?:R\d+[a-z]?(?:[–-]R\d+[a-z]?)?(?:, | and )?)+)/g)) {
        for (const rule of match[1]!.match(/R\d+[a-z]?/g) ?? [])
          if (!known.has(rule)) missing.push(`${file}: ${rule}`);
      }
      for (const match of text.matchAll(/product\.md#(r\d+[a-z]?)/g))
        if (!known.has(match[1]!.toUpperCase())) missing.push(`${file}: #${match[1]}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('named files', () => {
  it('every docs/decisions/NNN-….md named exists', () => {
    const missing: string[] = [];
    for (const file of sources) {
      for (const match of read(file).matchAll(/docs\/decisions\/(\d{3}-[\w-]+\.md)/g))
        if (!fs.existsSync(path.join(root, 'docs/decisions', match[1]!)))
          missing.push(`${file}: ${match[1]}`);
    }
    expect(missing).toEqual([]);
  });

  it('every path docs/architecture.md names in backquotes is a file or folder of the repository', () => {
    const architecture = read('docs/architecture.md');
    const named = [
      ...architecture.matchAll(/`((?:client|server|shared|scripts|e2e|bench|testing|docs)\/[\w./{},-]+)`/g),
    ]
      .map((match) => match[1]!)
      .filter((name) => !name.includes('*') && !name.includes('<'));
    const expand = (name: string): string[] => {
      const brace = name.match(/\{([^}]+)\}/);
      if (!brace) return [name];
      return brace[1]!.split(',').flatMap((part) => expand(name.replace(brace[0], part)));
    };
    const missing = named
      .flatMap(expand)
      .map((name) => name.replace(/\/$/, ''))
      .filter((name) => !fs.existsSync(path.join(root, name)));
    expect([...new Set(missing)]).toEqual([]);
  });
});
