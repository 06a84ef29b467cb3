import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Page, request } from '@playwright/test';
import { LOCALES_DIR } from '#testing/locales.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { type AdminApi, expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { type Lng, scrollToMap, tr, uniqueTag } from './support/public-pages.ts';

/**
 * A Spanish or Chinese reader meets no English on the directory: with every reference item, the site
 * and its closure translated, the visible text of /sites and of the site's page (labels, buttons,
 * the map's controls and popup, aria-labels and titles included) holds no English word outside an
 * allowlist of proper nouns, addresses, names and brands. Text the page marks lang="en" (a fallback
 * to the English base text of someone else's untranslated record) is English on purpose and skipped.
 */

/** A word in Latin letters (accents included), at least two letters long: "COVID", "Español", "don’t". */
const WORD = /\p{Script=Latin}{2,}(?:['’-]\p{Script=Latin}+)*/gu;

/** Proper nouns and brands a translated page keeps as they are. */
const ALLOWLIST = new Set(
  [
    'OpenStreetMap',
    // The language switch names each language in itself.
    'English',
    'Español',
    'Leaflet',
    'COVID',
    // File formats, named as they are in every language ("菜單日曆 (ICS)", "(PDF)").
    'ICS',
    'PDF',
    'Tab',
    'Enter',
    'Esc',
    'San',
    'Francisco',
    'CA',
    'St',
    'Chinatown',
    'Stockton',
    'Bay',
    'City',
    'Golden',
    'Gate',
    'Civic',
    'Code',
    'Juneteenth',
    'Martin',
    'Luther',
    'King',
    'Jr',
    'https',
    'http',
    'www',
    'org',
    'example',
  ].map((word) => word.toLowerCase()),
);

function localeWords(lng: Lng): Set<string> {
  const dir = path.join(LOCALES_DIR, lng);
  const words = new Set<string>();
  const walk = (node: unknown): void => {
    if (typeof node === 'string') {
      for (const [word] of node.replace(/\{\{\w+\}\}/g, ' ').matchAll(WORD)) words.add(word.toLowerCase());
    } else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  for (const file of readdirSync(dir)) walk(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
  return words;
}

/**
 * Words that give English away: every word of the English interface and of this journey's English
 * record names, less those Spanish writes the same way ("no", "a", "general"…), plus the words of
 * third-party controls that were English before ("Close popup", "contributors").
 */
function englishWords(recordNames: readonly string[]): Set<string> {
  const spanish = localeWords('es');
  const words = new Set([...localeWords('en'), 'close', 'popup', 'contributors', 'zoom', 'marker']);
  for (const name of recordNames) for (const [word] of name.matchAll(WORD)) words.add(word.toLowerCase());
  return new Set([...words].filter((word) => !spanish.has(word) && !ALLOWLIST.has(word)));
}

/** The visible text of the page and the accessible names written in attributes, outside lang="en". */
async function readableText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const english = (element: Element | null) =>
      /^en\b/i.test(element?.closest('[lang]')?.getAttribute('lang') ?? '');
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template') || english(parent)) continue;
      if (!parent.checkVisibility({ visibilityProperty: true })) continue;
      const text = node.textContent?.trim();
      if (text) texts.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
      if (english(element) || !element.checkVisibility({ visibilityProperty: true })) continue;
      for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** The English words found, each with the text it was in. */
function englishFound(
  texts: readonly string[],
  lng: Lng,
  english: ReadonlySet<string>,
  allowed: readonly string[],
): string[] {
  const found: string[] = [];
  for (const original of texts) {
    let text = original;
    for (const name of allowed) text = text.split(name).join(' ');
    for (const [word] of text.matchAll(WORD)) {
      const lower = word.toLowerCase();
      if (ALLOWLIST.has(lower)) continue;
      // Chinese has no Latin words of its own: any one left is English (or an untranslated name).
      if (lng === 'zh' || english.has(lower)) found.push(`${word} in “${original}”`);
    }
  }
  return found;
}

/** A Chinatown site whose every list item, name and closure reason is translated. */
async function translatedDirectory(adminApi: AdminApi, baseURL: string, tag: string) {
  const item = (name: string, es: string, zh: string) => ({
    name: `${name} ${tag}`,
    translations: { es: { name: `${es} ${tag}` }, zh: { name: `${zh} ${tag}` } },
  });
  const population = await adminApi.createItem(
    'populations',
    item('Seniors 60+', 'Personas de 60 años o más', '60 歲或以上長者'),
  );
  const meal = await adminApi.createItem('mealtypes', item('Lunch', 'Almuerzo', '午膳'));
  const service = await adminApi.createItem(
    'services',
    item('Takeout meals', 'Comidas para llevar', '外賣膳食'),
  );
  const status = await adminApi.createItem(
    'covidstatuses',
    item('Open for dining in', 'Abierto para comer en el lugar', '可堂食'),
  );
  const partner = await adminApi.createItem('nutritionpartners', {
    ...item('Chinatown Meals Partner', 'Proveedor de comidas del barrio chino', '華埠膳食服務機構'),
    phoneNumber: '4155550168',
    email: `partner-${tag}@example.org`,
    website: `https://partner-${tag}.example.org`,
  });
  const site = await adminApi.createSite({
    name: `Chinatown Senior Lunch ${tag}`,
    translations: {
      es: { name: `Almuerzo para mayores del barrio chino ${tag}` },
      zh: { name: `華埠長者午膳 ${tag}` },
    },
    address: '777 Stockton St, San Francisco, CA 94108',
    email: `site-${tag}@example.org`,
    website: `https://site-${tag}.example.org`,
    lat: 37.7946,
    lng: -122.4072,
    PopulationIds: [population.id],
    MealTypeIds: [meal.id],
    ServiceIds: [service.id],
    CovidStatusIds: [status.id],
    NutritionPartnerIds: [partner.id],
  } as Parameters<AdminApi['createSite']>[0]);
  const year = new Date().getUTCFullYear() + 1;
  const staff = await request.newContext({ baseURL });
  await staff.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  const closure = await staff.post('/api/closures', {
    data: {
      startDate: `${year}-02-03`,
      endDate: `${year}-02-03`,
      reason: 'Staff training',
      translations: { es: { reason: 'Capacitación del personal' }, zh: { reason: '員工培訓' } },
      siteIds: [site.id],
    },
  });
  expect(closure.status(), await closure.text()).toBe(201);
  await staff.dispose();
  const names = [population, meal, service, status, partner].map((i) => i.name);
  return { site, population, names: [...names, site.name, 'Staff training'] };
}

test.describe('no English on translated pages', () => {
  for (const lng of ['es', 'zh'] as const) {
    test(`${lng}: /sites and a site's page speak only the reader's language`, async ({
      page,
      adminApi,
      baseURL,
    }) => {
      const tag = uniqueTag();
      const { site, population, names } = await translatedDirectory(adminApi, baseURL!, tag);
      // Every site's base name, address and contacts are names, not English text to translate.
      const sites = (await (await page.request.get('/api/sites')).json()) as {
        name: string;
        address: string;
        email: string | null;
        website: string | null;
      }[];
      const allowed = [
        tag,
        ...sites.flatMap((s) => [s.name, s.address, s.email ?? '', s.website ?? '']).filter(Boolean),
        `partner-${tag}@example.org`,
        `https://partner-${tag}.example.org`,
      ].sort((a, b) => b.length - a.length);
      const english = englishWords(names);

      await page.goto(`/sites?population=${population.id}&lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1, name: tr(lng, 'sites:title') })).toBeVisible();
      await expect(page.getByText(tr(lng, 'sites:count', { count: 1 }))).toBeVisible();
      await scrollToMap(page, lng);
      const marker = page.locator('.leaflet-marker-icon').first();
      await marker.focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('.leaflet-popup')).toBeVisible();
      expect(englishFound(await readableText(page), lng, english, allowed)).toEqual([]);

      await page.goto(`/sites/${site.id}?lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(lng === 'es' ? 'Capacitación del personal' : '員工培訓')).toBeVisible();
      expect(englishFound(await readableText(page), lng, english, allowed)).toEqual([]);
    });
  }

  for (const lng of ['en', 'es', 'zh'] as const) {
    test(`${lng}: axe finds no violation on /sites and a translated site's page`, async ({
      page,
      adminApi,
      baseURL,
    }) => {
      const { site, population } = await translatedDirectory(adminApi, baseURL!, uniqueTag());
      await page.goto(`/sites?population=${population.id}&lng=${lng}`);
      await expect(page.getByText(tr(lng, 'sites:count', { count: 1 }))).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto(`/sites/${site.id}?lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
