import type { APIRequestContext } from '@playwright/test';
import { agencyMoment, DEFAULT_AGENCY_TIME_ZONE } from '#shared/agency-time.ts';
import { formatter, intlLocale } from '#shared/format-hours.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { buildSite } from '#testing/factories.ts';
import { expect } from './fixtures.ts';
import { type Lng, tr } from './public-pages.ts';

let made = 0;

/**
 * Facts no other site has: the factory's addresses and phones repeat across test workers, and a
 * site that matches another by address, phone or a near name close by is refused as a duplicate
 * (docs/product.md R177). `tag` keeps the address (and so the site) this run's own.
 */
export function uniqueFacts(tag: string) {
  made += 1;
  const digits = `${Date.now()}${made}${Math.floor(Math.random() * 1e6)}`.slice(-7);
  return {
    address: `${made} ${tag} Way, San Francisco, CA 94103`,
    phoneNumber: `628${digits}`,
    email: `site-${tag}-${made}@example.org`,
    // Kilometres from the factory's sites and from each other: no name is "close by" by chance.
    lat: 37.6 + made * 0.003,
    lng: -122.5 - (Math.random() * 0.02 + made * 0.003),
  };
}

/** Creates a site through the API as an administrator (the context must be signed in). */
export async function createSiteAs(
  request: APIRequestContext,
  overrides: Parameters<typeof buildSite>[0] & { confirmDuplicate?: boolean },
): Promise<Site> {
  const response = await request.post('/api/sites', { data: { ...buildSite(), ...overrides } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** Today on the agency's clock, as the public site page writes it ("November 24, 2026"). */
export function todayAsWritten(lng: Lng) {
  const date = agencyMoment(Date.now(), DEFAULT_AGENCY_TIME_ZONE).date;
  return formatter(intlLocale(lng), { year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** "Information checked on <today>" in the page's language. */
export const checkedToday = (lng: Lng) => tr(lng, 'site:checked.on', { date: todayAsWritten(lng) });
