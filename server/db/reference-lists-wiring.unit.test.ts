import { getTableName } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { FILTER_KEYS, filtersFromSearchParams, SITE_FILTERS } from '#shared/filters.ts';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS } from '#shared/reference-lists.ts';
import { SiteCreateSchema, SiteSchema, SiteUpdateSchema } from '#shared/schemas/sites.ts';
import { SITE_PAGE_ROWS } from '#shared/site-display.ts';
import { readLocale } from '#testing/locales.ts';
import { REFERENCE_TABLES } from './reference-tables.ts';

/**
 * Walks the registry of reference lists through everything derived from it: the site schemas, the
 * filters, the cache's write routes, the SQL tables, the site page and the words in every language.
 * A list added to the registry but not to the translations (or whose SQL names differ from the
 * tables) fails here; the API side is walked in server/test/reference-list-wiring.test.ts and the
 * admin routes in client/src/app/reference-routes.test.tsx.
 */
const LANGUAGES = ['en', 'es', 'zh'] as const;
const locale = readLocale;
const lookup = (tree: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('the registry', () => {
  it.each([
    ['keys (API path segments)', REFERENCE_LIST_NAMES],
    ['filter keys', REFERENCE_LIST_NAMES.map((list) => REFERENCE_LISTS[list].filterKey)],
    ['admin segments', REFERENCE_LIST_NAMES.map((list) => REFERENCE_LISTS[list].adminSegment)],
    ['SQL tables', REFERENCE_LIST_NAMES.map((list) => REFERENCE_LISTS[list].sql.table)],
  ])('has unique %s made of lowercase letters (and _ in SQL)', (_what, values) => {
    expect(new Set(values).size).toBe(values.length);
    for (const value of values) expect(value).toMatch(/^[a-z][a-z_]*$/);
  });

  it('has no admin segment that is another screen of the site', () => {
    const taken = ['sites', 'about', 'login', 'logout', 'passwords', 'account', 'api'];
    for (const list of REFERENCE_LIST_NAMES) expect(taken).not.toContain(REFERENCE_LISTS[list].adminSegment);
  });
});

describe.each(REFERENCE_LIST_NAMES)('the %s list', (list) => {
  const entry = REFERENCE_LISTS[list];

  it('has its ids key in the site write schemas and its items key in the site schema', () => {
    expect(Object.keys(SiteCreateSchema.shape)).toContain(entry.idsKey);
    expect(
      SiteCreateSchema.parse({ name: 'n', address: 'a', phoneNumber: null, email: null, website: null }),
    ).toHaveProperty(entry.idsKey, []);
    expect(Object.keys(SiteUpdateSchema.shape)).toContain(entry.idsKey);
    expect(Object.keys(SiteSchema.shape)).toContain(entry.siteKey);
  });

  it('has a filter read from its query key', () => {
    expect(SITE_FILTERS).toContainEqual({ key: entry.filterKey, list, siteKey: entry.siteKey });
    expect(FILTER_KEYS).toContain(entry.filterKey);
    expect(filtersFromSearchParams(new URLSearchParams(`${entry.filterKey}=7`))).toEqual({
      [entry.filterKey]: 7,
    });
  });

  it('has Drizzle tables named as the registry says', () => {
    const { table, link } = REFERENCE_TABLES[list];
    expect(getTableName(table)).toBe(entry.sql.table);
    expect(getTableName(link)).toBe(entry.sql.link);
    expect(getTableConfig(link).columns.map((column) => column.name)).toContain(entry.sql.itemColumn);
  });

  it('has a place on the site page: a row of its own, or brackets in a row', () => {
    const placement = entry.sitePage;
    if ('row' in placement) expect(SITE_PAGE_ROWS.map((row) => row.list)).toContain(list);
    else expect(SITE_PAGE_ROWS.find((row) => row.list === placement.inBracketsOf)?.bracketed).toContain(list);
  });

  it.each(LANGUAGES)('has its words in %s', (language) => {
    const missing = Object.entries(entry.i18n).flatMap(([namespace, keys]) => {
      const texts = locale(language, namespace);
      return Object.values(keys as Record<string, string>)
        .filter((key) => typeof lookup(texts, key) !== 'string' || !lookup(texts, key))
        .map((key) => `${namespace}:${key}`);
    });
    expect(missing).toEqual([]);
  });
});
