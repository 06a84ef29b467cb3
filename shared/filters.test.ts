import { describe, expect, it } from 'vitest';
import {
  filterByOpening,
  filterSites,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasActiveFilters,
  type SiteFilters,
  setFactFilter,
  setFilter,
  setOpenFilter,
  spokenLanguagesOf,
} from './filters.ts';
import { fieldsPerList, REFERENCE_LISTS } from './reference-lists.ts';
import type { SiteFacts } from './site-facts.ts';

describe('filtersFromSearchParams', () => {
  it.each<[string, SiteFilters]>([
    ['', {}],
    ['population=3&service=2', { population: 3, service: 2 }],
    [
      'partner=1&population=2&mealtype=3&service=4&status=5',
      {
        partner: 1,
        population: 2,
        mealtype: 3,
        service: 4,
        status: 5,
      },
    ],
    ['population=0', {}],
    ['population=-3', {}],
    ['population=abc', {}],
    ['population=3.5', {}],
    ['population=', {}],
    ['population=99999999999', {}],
    ['lng=es&status=7', { status: 7 }],
    ['unknown=4', {}],
    ['open=now', { open: 'now' }],
    ['open=today&population=2', { population: 2, open: 'today' }],
    ['open=tomorrow', {}],
    ['open=', {}],
    ['walkins=1&stepfree=1&speaks=yue', { walkins: true, stepfree: true, speaks: 'yue' }],
    ['speaks=yue&population=2&walkins=1', { population: 2, walkins: true, speaks: 'yue' }],
    ['walkins=0', {}],
    ['walkins=true', {}],
    ['stepfree=yes', {}],
    ['stepfree=', {}],
    ['speaks=klingon', {}],
    ['speaks=YUE', {}],
    ['speaks=', {}],
    ['speaks=toString', {}],
    ['speaks=__proto__', {}],
  ])('%j → %j', (query, expected) => {
    expect(filtersFromSearchParams(new URLSearchParams(query))).toEqual(expected);
  });
});

describe('filtersToSearchParams', () => {
  it.each<[SiteFilters, string, string]>([
    [{}, '', ''],
    [{ service: 2, population: 3 }, '', 'population=3&service=2'],
    [{ status: 5, partner: 1 }, '', 'partner=1&status=5'],
    [{ population: 3 }, 'lng=zh', 'lng=zh&population=3'],
    [{}, 'lng=zh&population=3&service=9', 'lng=zh'],
    [{ service: 4 }, 'service=9', 'service=4'],
    [{ open: 'now', population: 3 }, 'lng=es&open=today', 'lng=es&population=3&open=now'],
    [{ population: 3 }, 'open=now', 'population=3'],
    [
      { speaks: 'yue', stepfree: true, walkins: true, population: 3, open: 'now' },
      'lng=zh',
      'lng=zh&population=3&open=now&walkins=1&stepfree=1&speaks=yue',
    ],
    [{ stepfree: true }, 'speaks=yue&walkins=1', 'stepfree=1'],
  ])('%j over %j → %j', (filters, base, expected) => {
    expect(filtersToSearchParams(filters, new URLSearchParams(base)).toString()).toBe(expected);
  });

  it('round-trips through the URL', () => {
    const filters: SiteFilters = { partner: 10, mealtype: 2, status: 77, open: 'today' };
    expect(filtersFromSearchParams(filtersToSearchParams(filters))).toEqual(filters);
  });

  it('does not change the params it was given', () => {
    const base = new URLSearchParams('population=1');
    filtersToSearchParams({}, base);
    expect(base.toString()).toBe('population=1');
  });
});

describe('setFilter', () => {
  it.each<[string, SiteFilters, Parameters<typeof setFilter>[1], number | undefined, SiteFilters]>([
    ['sets an unset filter', {}, 'population', 3, { population: 3 }],
    ['replaces another choice', { population: 3 }, 'population', 4, { population: 4 }],
    [
      'choosing the chosen option again keeps it (a native select cannot report that gesture)',
      { population: 3 },
      'population',
      3,
      { population: 3 },
    ],
    ['clears when no option is chosen', { population: 3 }, 'population', undefined, {}],
    [
      'leaves the other filters alone',
      { population: 3, service: 2 },
      'service',
      undefined,
      { population: 3 },
    ],
    ['adds beside others', { population: 3 }, 'status', 1, { population: 3, status: 1 }],
  ])('%s', (_name, filters, key, id, expected) => {
    const before = { ...filters };
    expect(setFilter(filters, key, id)).toEqual(expected);
    expect(filters).toEqual(before);
  });
});

describe('hasActiveFilters', () => {
  it.each<[SiteFilters, boolean]>([
    [{}, false],
    [{ status: 1 }, true],
    [{ partner: 1, service: 2 }, true],
    [{ open: 'now' }, true],
    [{ walkins: true }, true],
    [{ stepfree: true }, true],
    [{ speaks: 'yue' }, true],
  ])('%j → %s', (filters, expected) => {
    expect(hasActiveFilters(filters)).toBe(expected);
  });
});

const items = (...ids: number[]) => ids.map((id) => ({ id, name: `Item ${id}` }));
const site = (id: number, lists: Partial<Record<string, number[]>> = {}) => ({
  id,
  ...fieldsPerList('siteKey', (list) => items(...(lists[REFERENCE_LISTS[list].filterKey] ?? []))),
});

describe('filterSites', () => {
  const sites = [
    site(1, { population: [1, 2], service: [5], partner: [9] }),
    site(2, { population: [1], service: [6], status: [7] }),
    site(3, { population: [2], mealtype: [3], service: [5, 6] }),
    site(4),
  ];

  it.each<[string, SiteFilters, number[]]>([
    ['no filter keeps every site', {}, [1, 2, 3, 4]],
    ['one filter', { population: 1 }, [1, 2]],
    ['two filters combine with AND', { population: 1, service: 5 }, [1]],
    ['AND across lists', { population: 2, service: 6 }, [3]],
    ['meal type', { mealtype: 3 }, [3]],
    ['partner', { partner: 9 }, [1]],
    ['status', { status: 7 }, [2]],
    ['nothing matches', { population: 2, status: 7 }, []],
    ['unknown id matches nothing', { population: 999 }, []],
    ['all five at once', { partner: 9, population: 1, service: 5, mealtype: 3, status: 7 }, []],
  ])('%s', (_name, filters, expected) => {
    expect(filterSites(sites, filters).map((s) => s.id)).toEqual(expected);
  });

  it('keeps the order of the list', () => {
    expect(filterSites([...sites].reverse(), { service: 5 }).map((s) => s.id)).toEqual([3, 1]);
  });
});

describe('the facts filters', () => {
  const described = (id: number, facts: SiteFacts | null, lists: Partial<Record<string, number[]>> = {}) => ({
    ...site(id, lists),
    facts,
  });
  const sites = [
    described(1, { walkIns: true, stepFree: true, languages: ['en', 'yue'] }, { population: [1] }),
    described(2, { reservation: 'not_needed', stepFree: false, languages: ['es'] }),
    described(3, { reservation: 'required', stepFree: true, languages: ['yue', 'cmn'] }, { population: [1] }),
    described(4, { reservation: 'required', walkIns: true, languages: ['yue'] }),
    described(5, null),
    described(6, {}),
  ];

  it.each<[string, SiteFilters, number[]]>([
    ['walk-ins: said so, or no reservation needed', { walkins: true }, [1, 2, 4]],
    ['step-free: known yes only', { stepfree: true }, [1, 3]],
    ['a language staff speak', { speaks: 'yue' }, [1, 3, 4]],
    ['the three together (AND)', { walkins: true, stepfree: true, speaks: 'yue' }, [1]],
    ['with a list filter (AND)', { population: 1, stepfree: true }, [1, 3]],
    ['with a list filter, nothing left', { population: 1, speaks: 'es' }, []],
    ['a language nobody lists', { speaks: 'ko' }, []],
  ])('%s', (_name, filters, expected) => {
    expect(filterSites(sites, filters).map((s) => s.id)).toEqual(expected);
  });

  it('round-trips through the URL', () => {
    const filters: SiteFilters = { service: 2, walkins: true, stepfree: true, speaks: 'cmn' };
    expect(filtersFromSearchParams(filtersToSearchParams(filters))).toEqual(filters);
  });

  it('sets and clears each one, leaving the others alone', () => {
    const on = setFactFilter(setFactFilter({ population: 3 }, 'walkins', true), 'speaks', 'yue');
    expect(on).toEqual({ population: 3, walkins: true, speaks: 'yue' });
    expect(setFactFilter(on, 'speaks', '')).toEqual({ population: 3, walkins: true });
    expect(setFactFilter(on, 'walkins', undefined)).toEqual({ population: 3, speaks: 'yue' });
  });

  it('offers the languages at least one site lists, in the list order of languages', () => {
    expect(spokenLanguagesOf(sites)).toEqual(['en', 'es', 'yue', 'cmn']);
    expect(spokenLanguagesOf([described(1, null), described(2, { languages: [] })])).toEqual([]);
  });
});

describe('setOpenFilter', () => {
  it('sets, replaces and clears the opening filter, leaving the others alone', () => {
    expect(setOpenFilter({ population: 3 }, 'now')).toEqual({ population: 3, open: 'now' });
    expect(setOpenFilter({ open: 'now' }, 'today')).toEqual({ open: 'today' });
    expect(setOpenFilter({ population: 3, open: 'now' }, undefined)).toEqual({ population: 3 });
  });
});

describe('filterByOpening', () => {
  const sites = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
  const opening = (id: number) =>
    ({ 1: { now: true, today: true }, 2: { now: false, today: true }, 3: { now: false, today: false } })[id];

  it.each<[SiteFilters['open'], number[]]>([
    [undefined, [1, 2, 3, 4]],
    ['now', [1]],
    ['today', [1, 2]],
  ])('open=%s keeps %j (a site without a known status is never kept)', (open, expected) => {
    expect(filterByOpening(sites, open, opening).map((s) => s.id)).toEqual(expected);
  });

  it('combines with the list filters (AND)', () => {
    const listed = filterSites([site(1, { population: [1] }), site(2, { population: [1] }), site(3)], {
      population: 1,
    });
    expect(filterByOpening(listed, 'now', opening).map((s) => s.id)).toEqual([1]);
  });
});
