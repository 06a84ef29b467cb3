import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseId } from '#shared/ids.ts';
import { idOf } from '../services/route-params.ts';

const routesDir = import.meta.dirname;
const routeFiles = readdirSync(routesDir).filter((file) => file.endsWith('.ts') && !file.includes('.test.'));

describe('route modules', () => {
  it.each(routeFiles)(
    '%s imports no other route module (shared helpers live in services or plugins)',
    (file) => {
      const source = readFileSync(join(routesDir, file), 'utf8');
      const imports = [...source.matchAll(/from '(\.\/[^']+)'/g)].map((match) => match[1]);
      expect(imports).toEqual([]);
    },
  );
});

describe('record ids in URLs', () => {
  it.each([
    ['12', 12],
    ['2147483647', 2_147_483_647],
    ['0', undefined],
    ['2147483648', undefined],
    ['012', 12],
    ['-1', undefined],
    ['1.5', undefined],
    ['1e3', undefined],
    [' 1', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%j → %j', (raw, id) => {
    expect(parseId(raw)).toBe(id);
  });

  it('a route parameter that is not an id is a record that does not exist', () => {
    expect(idOf({ id: '7' })).toBe(7);
    expect(() => idOf({ id: 'seven' })).toThrow(expect.objectContaining({ statusCode: 404 }));
  });
});
