import { intlLocale, numberFormat } from './format-hours.ts';
import type { Language } from './languages.ts';

/**
 * What decides whether a senior can eat at a site, beyond where and when (docs/product.md §28 and
 * docs/decisions/043-site-facts.md): reservations, cost, who may come and the first visit, languages
 * staff speak, access, getting there, what to expect. Every fact is optional: a fact nobody entered is
 * absent (unknown) and shows nothing — never "No". A yes/no fact is `true`, `false` or absent. No zod
 * here: the public pages use these types and helpers, the schema (schemas/site-facts.ts) stays out of
 * their bundle.
 */

export const RESERVATION_POLICIES = ['not_needed', 'recommended', 'required'] as const;
export type ReservationPolicy = (typeof RESERVATION_POLICIES)[number];

export const COST_KINDS = ['free', 'suggested'] as const;
export type CostKind = (typeof COST_KINDS)[number];

export const FIRST_VISIT_NEEDS = ['nothing', 'form', 'id'] as const;
export type FirstVisitNeed = (typeof FIRST_VISIT_NEEDS)[number];

/** The access features, each yes, no or not known, in the order pages list them. */
export const ACCESS_FEATURES = [
  'stepFree',
  'restroom',
  'elevator',
  'hearingLoop',
  'parking',
  'seatingWithArms',
] as const;
export type AccessFeature = (typeof ACCESS_FEATURES)[number];

/** Who may come beyond the populations served, each yes, no or not known. */
export const ELIGIBLE_COMPANIONS = ['spouse', 'caregiver', 'guests'] as const;
export type EligibleCompanion = (typeof ELIGIBLE_COMPANIONS)[number];

/** The free-text notes beside the facts, in English with Spanish and Chinese translations. */
export const FACT_NOTES = [
  'reservation',
  'cost',
  'eligibility',
  'firstVisit',
  'access',
  'transport',
  'transit',
  'about',
  'activities',
] as const;
export type FactNote = (typeof FACT_NOTES)[number];
/** The longest note, in characters. */
export const FACT_NOTE_MAX = 500;

/** The largest contribution or guest price accepted, in dollars: a meal, not a typo's thousand. */
export const MAX_MEAL_PRICE = 100;
/** How far ahead a reservation may be asked: at most 14 days (or as many hours). */
export const MAX_RESERVE_DAYS = 14;
export const MAX_RESERVE_HOURS = MAX_RESERVE_DAYS * 24;

/** How to reserve: one answer in several facts, kept or replaced together (a merge, R576). */
export const RESERVATION_FACTS = [
  'reservation',
  'reserveHours',
  'reserveDays',
  'reserveBy',
  'reservePhone',
  'reservePhoneDays',
  'reservePhoneOpen',
  'reservePhoneClose',
  'reserveUrl',
] as const;
/** What a meal costs: free, or a suggested contribution and its amount. */
export const COST_FACTS = ['cost', 'suggestedAmount'] as const;
/** The facts that only make sense together (free and another site's suggested amount contradict). */
export const FACTS_ANSWERED_TOGETHER: readonly (readonly string[])[] = [RESERVATION_FACTS, COST_FACTS];

export type FactNotes = { [K in FactNote]?: string };

export interface SiteFacts {
  /** Whether a meal must be reserved. */
  reservation?: ReservationPolicy;
  /** Reserve this many hours before the meal starts… */
  reserveHours?: number;
  /** …or this many days before it (0 = the same day), by `reserveBy` on that day when given. */
  reserveDays?: number;
  /** The latest time of day ('HH:MM') on the day `reserveDays` before the meal. */
  reserveBy?: string;
  /** The phone to reserve on (10 digits), when it is not the site's own. */
  reservePhone?: string;
  /** When the reservation phone is answered: weekdays 0-6 and a time range. */
  reservePhoneDays?: number[];
  reservePhoneOpen?: string;
  reservePhoneClose?: string;
  /** A web page to reserve on. */
  reserveUrl?: string;
  /** Whether someone without a reservation is served. */
  walkIns?: boolean;
  /** Free, or a suggested contribution for eligible people. */
  cost?: CostKind;
  /** The suggested contribution, in dollars. */
  suggestedAmount?: number;
  /** What guests who are not eligible pay, in dollars. */
  guestPrice?: number;
  spouse?: boolean;
  caregiver?: boolean;
  guests?: boolean;
  /** What to bring on the first visit. */
  firstVisit?: FirstVisitNeed;
  /** Languages staff speak, as codes of SPOKEN_LANGUAGES. */
  languages?: string[];
  stepFree?: boolean;
  restroom?: boolean;
  elevator?: boolean;
  hearingLoop?: boolean;
  parking?: boolean;
  seatingWithArms?: boolean;
  /** Whether the program offers a ride to the site. */
  transport?: boolean;
  /** The phone to book that ride on (10 digits). */
  transportPhone?: string;
  /** Notes in English. */
  notes?: FactNotes;
  /** The notes in Spanish and Chinese. */
  translations?: { es?: FactNotes; zh?: FactNotes };
}

/**
 * Languages staff may speak, with their codes (ISO 639-1 where there is one, ISO 639-3 otherwise, as
 * the open-data feed's `languages` asks) and their names in our three languages. Cantonese and Mandarin
 * are listed apart: a Cantonese speaker asks which one.
 */
export const SPOKEN_LANGUAGES: Readonly<Record<string, Record<Language, string>>> = {
  en: { en: 'English', es: 'inglés', zh: '英語' },
  es: { en: 'Spanish', es: 'español', zh: '西班牙語' },
  yue: { en: 'Cantonese', es: 'cantonés', zh: '廣東話' },
  cmn: { en: 'Mandarin', es: 'mandarín', zh: '普通話' },
  tl: { en: 'Tagalog', es: 'tagalo', zh: '他加祿語' },
  vi: { en: 'Vietnamese', es: 'vietnamita', zh: '越南語' },
  ru: { en: 'Russian', es: 'ruso', zh: '俄語' },
  ko: { en: 'Korean', es: 'coreano', zh: '韓語' },
  ja: { en: 'Japanese', es: 'japonés', zh: '日語' },
  nan: { en: 'Taiwanese', es: 'taiwanés', zh: '台語' },
  ar: { en: 'Arabic', es: 'árabe', zh: '阿拉伯語' },
  fa: { en: 'Persian', es: 'persa', zh: '波斯語' },
  hi: { en: 'Hindi', es: 'hindi', zh: '印地語' },
  pa: { en: 'Punjabi', es: 'panyabí', zh: '旁遮普語' },
  km: { en: 'Khmer', es: 'jemer', zh: '高棉語' },
  lo: { en: 'Lao', es: 'lao', zh: '老撾語' },
  th: { en: 'Thai', es: 'tailandés', zh: '泰語' },
  my: { en: 'Burmese', es: 'birmano', zh: '緬甸語' },
  hmn: { en: 'Hmong', es: 'hmong', zh: '苗語' },
  sm: { en: 'Samoan', es: 'samoano', zh: '薩摩亞語' },
  to: { en: 'Tongan', es: 'tongano', zh: '湯加語' },
  fr: { en: 'French', es: 'francés', zh: '法語' },
  it: { en: 'Italian', es: 'italiano', zh: '意大利語' },
  pt: { en: 'Portuguese', es: 'portugués', zh: '葡萄牙語' },
  uk: { en: 'Ukrainian', es: 'ucraniano', zh: '烏克蘭語' },
  am: { en: 'Amharic', es: 'amárico', zh: '阿姆哈拉語' },
  ti: { en: 'Tigrinya', es: 'tigriña', zh: '提格利尼亞語' },
  so: { en: 'Somali', es: 'somalí', zh: '索馬里語' },
  he: { en: 'Hebrew', es: 'hebreo', zh: '希伯來語' },
  yi: { en: 'Yiddish', es: 'ídish', zh: '意第緒語' },
  ase: { en: 'American Sign Language', es: 'lengua de señas americana', zh: '美國手語' },
};

export const SPOKEN_LANGUAGE_CODES: readonly string[] = Object.keys(SPOKEN_LANGUAGES);

export function isSpokenLanguage(code: unknown): code is string {
  return typeof code === 'string' && Object.hasOwn(SPOKEN_LANGUAGES, code);
}

/** A spoken language's name in `language` ('en', 'es', 'zh' or a tag such as 'zh-Hant'); the code when unknown. */
export function spokenLanguageName(code: string, language: string): string {
  const names = SPOKEN_LANGUAGES[code];
  if (!names) return code;
  const base = language.toLowerCase().split('-')[0] as Language;
  return names[base] ?? names.en;
}

/** The languages' names in `language`, in the order given: the site's own order (staff put the main one first). */
export function spokenLanguageNames(codes: readonly string[] | undefined, language: string): string[] {
  return (codes ?? []).map((code) => spokenLanguageName(code, language));
}

/**
 * An amount of money as the language writes it: '$3', '$2.50' (no cents when whole). The dollar sign
 * is the narrow one in every language, as San Francisco's Spanish and Chinese notices write it.
 */
export function formatMoney(amount: number, language: string | undefined): string {
  const whole = Number.isInteger(amount);
  return numberFormat(intlLocale(language), {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** Whether anything at all is known about the site beyond its address and hours. */
export function hasAnyFact(facts: SiteFacts | null | undefined): boolean {
  if (!facts) return false;
  return Object.entries(facts).some(([key, value]) =>
    key === 'notes' || key === 'translations'
      ? value !== undefined && Object.keys(value as object).length > 0
      : Array.isArray(value)
        ? value.length > 0
        : value !== undefined && value !== null,
  );
}

/** The facts a visitor chooses by, which the workspace asks staff to fill first. */
export const DECIDING_FACTS = ['reservation', 'cost', 'stepFree', 'languages', 'firstVisit'] as const;
export type DecidingFact = (typeof DECIDING_FACTS)[number];

/** The deciding facts nobody has entered for this site, in DECIDING_FACTS order. */
export function missingFacts(facts: SiteFacts | null | undefined): DecidingFact[] {
  return DECIDING_FACTS.filter((fact) => {
    const value = facts?.[fact];
    return value === undefined || (Array.isArray(value) && value.length === 0);
  });
}

/**
 * Whether someone who turns up without a reservation can expect a meal: walk-ins welcome, or no
 * reservation needed. A site that requires reservations without saying walk-ins are welcome is not
 * such a site; a site nobody described is not known to be one.
 */
export function welcomesWalkIns(facts: SiteFacts | null | undefined): boolean {
  if (!facts) return false;
  if (facts.walkIns !== undefined) return facts.walkIns;
  return facts.reservation === 'not_needed';
}

/** Whether the site has a step-free entrance (known yes). */
export function isStepFree(facts: SiteFacts | null | undefined): boolean {
  return facts?.stepFree === true;
}

/** Whether staff speak the language `code` at the site. */
export function speaks(facts: SiteFacts | null | undefined, code: string): boolean {
  return facts?.languages?.includes(code) ?? false;
}

/** The phone to reserve on: the reservation phone, else the site's own (10 digits), else undefined. */
export function reservationPhone(facts: SiteFacts | null | undefined, sitePhone: string | null | undefined) {
  return facts?.reservePhone || sitePhone || undefined;
}
