/**
 * One set of data factories for unit, API and browser tests (docs/architecture.md §4.7). Pure: no node:* and no DOM.
 */

import type { StatusClosure } from '#shared/opening-status.ts';
import { fieldsPerList, type SiteListKey } from '#shared/reference-lists.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import type { Site, SiteInput } from '#shared/schemas/sites.ts';
import type { Translations } from '#shared/translations.ts';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

const LETTERS = 'BCDFGHJKLMNPQRSTVWXZ';
/**
 * A four-letter tag that differs from the next number's in most letters: factory sites' names are
 * then never "nearly the same" to the duplicate check (docs/product.md R177), even when a test puts two
 * of them at one point, as "Test Dining Room 2" and "Test Dining Room 12" would be.
 */
function tag(n: number) {
  let x = Math.imul(n ^ 0x5bd1e995, 0x2c1b3c6d) >>> 0;
  let out = '';
  for (let i = 0; i < 4; i++) {
    out += LETTERS[x % LETTERS.length];
    x = Math.floor(x / LETTERS.length);
  }
  return out;
}

export function buildSite(overrides: Partial<SiteInput> = {}): SiteInput {
  const n = next();
  return {
    name: `Test Dining Room ${n} ${tag(n)}`,
    address: `${100 + n} Market St, San Francisco, CA 94103`,
    phoneNumber: `415555${String(n % 10_000).padStart(4, '0')}`,
    email: `site${n}@example.org`,
    website: `https://site${n}.example.org`,
    // A grid of 1,600 points at least 200 m apart in San Francisco: sites built here are never
    // near enough to count as duplicates of each other by name (docs/product.md R177).
    lat: 37.7 + (n % 40) * 0.002,
    lng: -122.5 + (Math.floor(n / 40) % 40) * 0.003,
    Hours: [
      { day: 1, open: '11:00', close: '13:00' },
      { day: 3, open: '11:00', close: '13:00' },
    ],
    ...overrides,
  };
}

/** A site's items of every reference list (as the API answers them): empty unless given. */
export function buildSiteLists(
  overrides: Partial<Record<SiteListKey, ReferenceItem[]>> = {},
): Record<SiteListKey, ReferenceItem[]> {
  return { ...fieldsPerList('siteKey', () => []), ...overrides };
}

/**
 * A site as the API answers it (GET /api/sites/:id), for client tests: no phone, e-mail, website,
 * hours or list items unless the test gives them, so a test states what its screen depends on.
 */
export function buildSiteRecord(overrides: Partial<Site> = {}): Site {
  const n = next();
  return {
    id: n,
    name: `Test Dining Room ${n} ${tag(n)}`,
    translations: {},
    address: `${100 + n} Market St, San Francisco, CA 94103`,
    phoneNumber: '',
    phoneExtension: null,
    email: null,
    website: null,
    lat: 37.77,
    lng: -122.42,
    facts: {},
    Hours: [],
    ...buildSiteLists(),
    version: 1,
    updatedAt: '2026-01-01T00:00:00.000Z',
    confirmedAt: null,
    ...overrides,
  };
}

export function buildReferenceItem(overrides: { name?: string; translations?: Translations<'name'> } = {}) {
  return { name: `Item ${next()}`, ...overrides };
}

export function buildNutritionPartner(overrides: Record<string, unknown> = {}) {
  const n = next();
  return {
    name: `Partner ${n}`,
    phoneNumber: `628555${String(n % 10_000).padStart(4, '0')}`,
    email: `partner${n}@example.org`,
    website: `https://partner${n}.example.org`,
    ...overrides,
  };
}

/**
 * A closure of every site on Thanksgiving 2026 (a Thursday), as the status rules and the pages read
 * one; a test gives what it is about (other dates, some sites, a translated reason).
 */
export function buildClosure(overrides: Partial<StatusClosure> = {}): StatusClosure {
  return {
    id: 1,
    startDate: '2026-11-26',
    endDate: '2026-11-26',
    reason: 'Thanksgiving',
    allSites: true,
    siteIds: [],
    ...overrides,
  };
}
