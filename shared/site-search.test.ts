import { describe, expect, it } from 'vitest';
import {
  foldText,
  type SearchableSite,
  searchFromSearchParams,
  searchSites,
  searchTextCache,
  searchToSearchParams,
} from './site-search.ts';

const sites: SearchableSite[] = [
  {
    id: 1,
    name: 'Bayview Senior Café',
    address: '1706 Yosemite Ave, San Francisco, CA 94124',
    NutritionPartners: [{ name: 'Self-Help for the Elderly', translations: { zh: { name: '安老自助處' } } }],
  },
  {
    id: 2,
    name: 'Chinatown Community Lunch',
    translations: { es: { name: 'Almuerzo Comunitario de Chinatown' }, zh: { name: '唐人街社區午膳' } },
    address: '777 Stockton St, San Francisco, CA 94108',
    NutritionPartners: [],
  },
  {
    id: 3,
    name: 'Centro Latino de San Francisco',
    address: '1245 Alabama St, San Francisco, CA 94110',
    NutritionPartners: [{ name: 'Mission Neighborhood Centers' }],
  },
];

const ids = (query: string | undefined) => searchSites(sites, query).map((site) => site.id);

describe('foldText', () => {
  it.each([
    ['Café', 'cafe'],
    ['  MISSION   District ', 'mission district'],
    ['Peña', 'pena'],
    ['唐人街', '唐人街'],
    ['Ünïcödé', 'unicode'],
  ])('%j → %j', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });
});

describe('searchSites', () => {
  it.each<[string, string | undefined, number[]]>([
    ['an empty query keeps every site', undefined, [1, 2, 3]],
    ['blank keeps every site', '   ', [1, 2, 3]],
    ['a part of the name', 'bayview', [1]],
    ['any case', 'BAYVIEW', [1]],
    ['without the accent', 'senior cafe', [1]],
    ['with an accent the name lacks', 'céntro', [3]],
    ['the Spanish name', 'almuerzo comunitario', [2]],
    ['the Chinese name, a substring', '唐人街', [2]],
    ['two Chinese characters of the name', '午膳', [2]],
    ['the address', 'stockton', [2]],
    ['the ZIP code in the address', '94110', [3]],
    ['a partner name', 'self-help', [1]],
    ['a partner name in Chinese', '安老', [1]],
    ['words in any order', 'lunch chinatown', [2]],
    ['every word must occur', 'bayview lunch', []],
    ['shared words match several', 'san francisco', [1, 2, 3]],
    ['nothing matches', 'zzz', []],
  ])('%s (%j)', (_name, query, expected) => {
    expect(ids(query)).toEqual(expected);
  });

  it('folds each site once with the cache', () => {
    const cached = searchTextCache<SearchableSite>();
    expect(searchSites(sites, 'mission', cached).map((site) => site.id)).toEqual([3]);
    expect(cached(sites[0]!)).toBe(cached(sites[0]!));
  });
});

describe('the search in the address', () => {
  it.each<[string, object]>([
    ['', {}],
    ['q=bayview', { q: 'bayview' }],
    ['near=94110&q=%20caf%C3%A9%20', { q: 'café', near: '94110' }],
    ['near=%20%20', {}],
    [`q=${'a'.repeat(300)}`, { q: 'a'.repeat(200) }],
  ])('%j → %j', (query, expected) => {
    expect(searchFromSearchParams(new URLSearchParams(query))).toEqual(expected);
  });

  it('writes the boxes over other parameters, dropping empty ones', () => {
    expect(searchToSearchParams({ near: '94110' }, new URLSearchParams('lng=es&q=old')).toString()).toBe(
      'lng=es&near=94110',
    );
  });
});
