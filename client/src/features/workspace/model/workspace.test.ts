import { describe, expect, it } from 'vitest';
import {
  filterWorkspaceSites,
  matchesName,
  nextStatuses,
  searchKey,
  type WorkspaceSite,
} from './workspace.ts';

const site = (overrides: Partial<WorkspaceSite>): WorkspaceSite => ({
  id: 1,
  name: 'Site',
  translations: {},
  address: '1 Main St',
  phoneNumber: '',
  email: null,
  confirmedAt: null,
  updatedAt: '2026-01-01T00:00:00Z',
  hasPosition: true,
  hasHours: true,
  temporarilyClosed: false,
  openReports: 0,
  possibleDuplicates: [],
  missingFacts: [],
  ...overrides,
});

describe('the workspace sites model', () => {
  it('searches names ignoring case, accents and punctuation, in every language', () => {
    expect(searchKey('Café  St. Mary’s')).toBe('cafe st mary s');
    const cafe = site({ name: 'Café Tenderloin', translations: { zh: { name: '田德隆咖啡館' } } });
    expect(matchesName(cafe, 'cafe')).toBe(true);
    expect(matchesName(cafe, 'TENDER')).toBe(true);
    expect(matchesName(cafe, '咖啡')).toBe(true);
    expect(matchesName(cafe, 'mission')).toBe(false);
  });

  it('keeps the sites with every chosen flag; "not confirmed in N days" means never or more than N days ago', () => {
    const sites = [
      site({ id: 1, name: 'Never checked' }),
      site({ id: 2, name: 'Checked 10 days ago', confirmedAt: '2026-11-14T20:00:00Z' }),
      site({ id: 3, name: 'Checked 40 days ago', confirmedAt: '2026-10-15T20:00:00Z', hasPosition: false }),
      site({
        id: 4,
        name: 'Duplicate',
        confirmedAt: '2026-11-20T20:00:00Z',
        possibleDuplicates: [1],
        missingFacts: ['cost'],
      }),
    ];
    const date = (instant: string) => instant.slice(0, 10);
    const ids = (flags: Parameters<typeof filterWorkspaceSites>[1]['flags'], days = 30, search = '') =>
      filterWorkspaceSites(sites, { search, flags, days }, '2026-11-24', date).map((s) => s.id);
    expect(ids([])).toEqual([2, 3, 4, 1]);
    expect(ids(['notConfirmed'])).toEqual([3, 1]);
    expect(ids(['notConfirmed'], 5)).toEqual([2, 3, 1]);
    expect(ids(['notConfirmed', 'noPosition'])).toEqual([3]);
    expect(ids(['duplicate'])).toEqual([4]);
    expect(ids(['factsMissing'])).toEqual([4]);
    expect(ids([], 30, 'checked')).toEqual([2, 3, 1]);
  });

  it('offers only the allowed status moves, its own status first in the usual order', () => {
    expect(nextStatuses('new')).toEqual(['new', 'in-progress', 'resolved', 'dismissed']);
    expect(nextStatuses('in-progress')).toEqual(['in-progress', 'resolved', 'dismissed']);
    expect(nextStatuses('resolved')).toEqual(['in-progress', 'resolved']);
    expect(nextStatuses('dismissed')).toEqual(['in-progress', 'dismissed']);
  });
});
