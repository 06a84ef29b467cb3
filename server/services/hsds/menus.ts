/**
 * Menus in the open-data feed (docs/product.md R699, docs/decisions/067-agency-diet-marks.md): each
 * published day of a site's coming week (the agency's today and the six days after) is an `attribute`
 * of the site's service, once per language, linked to the "Menus" taxonomy's term in that language
 * (the standard's one field that says a language is a taxonomy term's `language`). The attribute's
 * `label` names the date; its `value` is the day's meals in words: meal type, dishes with their diet
 * marks, note. Read once per feed version from the menus table (`feedMenusJson`).
 */
import { and, gte, lte } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { menus } from '#server/db/schema.ts';
import { addDays } from '#shared/agency-time.ts';
import type { Language } from '#shared/languages.ts';
import en from '#shared/locales/en/site.json' with { type: 'json' };
import es from '#shared/locales/es/site.json' with { type: 'json' };
import zh from '#shared/locales/zh/site.json' with { type: 'json' };
import {
  type AgencyDietMark,
  dietMarkName,
  type MenuEntry,
  type MenuSite,
  menusForSite,
} from '#shared/menus.ts';
import type { StatusClosure } from '#shared/opening-status.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import { localized } from '#shared/translations.ts';
import { agencyDietMarks } from '../diet-marks.ts';
import type { HsdsAttribute, HsdsTaxonomy, HsdsTaxonomyTerm } from './model.ts';

/** How many days of menus the feed carries, from the agency's today. */
export const FEED_MENU_DAYS = 7;

/** What the feed reads of the menus: the rows of its week (with when each changed) and the agency's marks. */
export interface FeedMenus {
  entries: (MenuEntry & { updatedAt: string })[];
  dietMarks: AgencyDietMark[];
}

export async function feedMenusJson(db: Db, today: string): Promise<string> {
  const rows = await db
    .select()
    .from(menus)
    .where(and(gte(menus.date, today), lte(menus.date, addDays(today, FEED_MENU_DAYS - 1))));
  const feed: FeedMenus = {
    entries: rows.map((row) => ({
      date: row.date,
      partnerId: row.partnerId,
      siteId: row.siteId,
      mealTypeId: row.mealTypeId,
      dishes: row.dishes,
      note: row.note,
      translations: row.translations ?? {},
      updatedAt: row.updatedAt.toISOString(),
    })),
    dietMarks: await agencyDietMarks(db),
  };
  return JSON.stringify(feed);
}

const LANGUAGES: readonly Language[] = ['en', 'es', 'zh'];
const DIET_WORDS = { en: en.menu.diets, es: es.menu.diets, zh: zh.menu.diets };

/** The taxonomy's words, and each language's term and label (the date is 'YYYY-MM-DD'). */
export const MENU_WORDS = {
  taxonomy: {
    name: 'Menus',
    description:
      "A dining site's menu of a date, in one language: the term's language is the attribute's value's.",
  },
  linkType: 'menu',
  terms: {
    en: { name: 'Menu', label: (date: string) => `Menu for ${date}` },
    es: { name: 'Menú', label: (date: string) => `Menú del ${date}` },
    zh: { name: '菜單', label: (date: string) => `${date} 菜單` },
  },
} as const;

export function menuTaxonomy(id: (name: string) => string): {
  taxonomy: HsdsTaxonomy;
  terms: Record<Language, HsdsTaxonomyTerm>;
} {
  const taxonomy: HsdsTaxonomy = {
    id: id('taxonomy:menus'),
    name: MENU_WORDS.taxonomy.name,
    description: MENU_WORDS.taxonomy.description,
  };
  const terms = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      {
        id: id(`taxonomy_term:menus:${language}`),
        code: `menu-${language}`,
        name: MENU_WORDS.terms[language].name,
        description: `${MENU_WORDS.taxonomy.name}: ${language}`,
        taxonomy: taxonomy.name,
        taxonomy_id: taxonomy.id,
        language,
      } satisfies HsdsTaxonomyTerm,
    ]),
  ) as Record<Language, HsdsTaxonomyTerm>;
  return { taxonomy, terms };
}

const SEPARATORS = {
  en: { list: ', ', dishes: '; ', open: ' (', close: ')', label: ': ', end: '. ', gap: ' ' },
  es: { list: ', ', dishes: '; ', open: ' (', close: ')', label: ': ', end: '. ', gap: ' ' },
  zh: { list: '、', dishes: '；', open: '（', close: '）', label: '：', end: '。', gap: '' },
} as const;

/**
 * A site's menu attributes for the feed's week, and when its menus last changed (ms; 0 without any):
 * three attributes (English, Spanish, Chinese) per published day; closed and unpublished days none.
 */
export function menuAttributes(
  site: MenuSite,
  closures: readonly StatusClosure[],
  feed: FeedMenus,
  mealTypes: readonly ReferenceItem[],
  context: {
    id: (name: string) => string;
    serviceId: string;
    terms: Record<Language, HsdsTaxonomyTerm>;
    today: string;
  },
): { attributes: HsdsAttribute[]; changedAt: number } {
  const partners = new Set(site.NutritionPartners.map((partner) => partner.id));
  const own = feed.entries.filter(
    (entry) => entry.siteId === site.id || (entry.partnerId !== null && partners.has(entry.partnerId)),
  );
  if (own.length === 0) return { attributes: [], changedAt: 0 };
  const days = menusForSite(site, closures, own, context.today, addDays(context.today, FEED_MENU_DAYS - 1));
  const attributes: HsdsAttribute[] = [];
  for (const day of days) {
    if (day.status !== 'published') continue;
    for (const language of LANGUAGES) {
      const words = SEPARATORS[language];
      const meals = day.meals.map((meal) => {
        const type = mealTypes.find((item) => item.id === meal.mealTypeId);
        const dishes = meal.dishes.map((dish) => {
          const marks = dish.diets.flatMap(
            (key) =>
              dietMarkName(key, feed.dietMarks, language, (mark) => DIET_WORDS[language][mark])?.text ?? [],
          );
          const name = localized(dish, 'name', language).text;
          return marks.length ? `${name}${words.open}${marks.join(words.list)}${words.close}` : name;
        });
        const note = meal.note
          ? localized({ note: meal.note, translations: meal.translations }, 'note', language).text
          : '';
        const heading = type
          ? `${localized({ name: type.name, translations: type.translations }, 'name', language).text}${words.label}`
          : '';
        const ended = (text: string) =>
          /[.!?。！？]$/.test(text) ? `${text}${words.gap}` : `${text}${words.end}`;
        return `${ended(`${heading}${dishes.join(words.dishes)}`)}${note ? ended(note) : ''}`;
      });
      attributes.push({
        id: context.id(`attribute:menu:${site.id}:${day.date}:${language}`),
        link_id: context.serviceId,
        link_type: MENU_WORDS.linkType,
        link_entity: 'service',
        taxonomy_term_id: context.terms[language].id,
        label: MENU_WORDS.terms[language].label(day.date),
        value: meals.join('').trim(),
      });
    }
  }
  const changedAt = own.reduce((latest, entry) => Math.max(latest, Date.parse(entry.updatedAt)), 0);
  return { attributes, changedAt };
}
