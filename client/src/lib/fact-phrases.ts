import type { TFunction } from 'i18next';
import { formatTime } from '#shared/format-hours.ts';
import {
  ACCESS_FEATURES,
  type AccessFeature,
  type FactNote,
  formatMoney,
  type SiteFacts,
  spokenLanguageNames,
} from '#shared/site-facts.ts';
import { localized } from '#shared/translations.ts';

/**
 * The phrases a site's facts are said in, each written once (docs/product.md R510–R513): the shape of
 * a fact's line, staff's notes in the page's language, the reservation's deadline, the cost, the
 * languages staff speak and the access. site-facts-text.ts builds the lines and summaries from them.
 * `t` is an i18next `t` of the `facts` namespace in the page's language.
 */

export type T = TFunction<'facts'> | TFunction;

/** A fact's line and, where staff wrote one, its note in the page's language (English fallback marked). */
export interface FactLine {
  /** Which fact: 'reservation', 'cost', 'eligibility', 'firstVisit', 'languages', 'access', 'transport', 'about'. */
  key: string;
  /** The fact's label ('Reservation'), for a definition list or a screen reader. */
  label: string;
  /** The fact in plain words; absent when only a note is known. */
  text?: string;
  /** Further sentences (the phone's hours, the contribution wording). */
  more?: string[];
  /** A link to act on (the reservation page). */
  link?: { href: string; text: string };
  /** Staff's note, and its language: 'en' on a Spanish or Chinese page means it is not translated. */
  note?: { text: string; lang: string };
}

export interface FactsContext {
  /** The site's phone (10 digits) and extension: the number to reserve on unless the facts give one. */
  phoneNumber?: string | null;
  phoneExtension?: string | null;
  /** The page's language: 'en', 'es' or 'zh'. */
  language: string;
  /** The program's contribution words in this language (AGENCY_CONTRIBUTION_TEXT…), else the default. */
  contribution?: string;
}

/** Staff's note on a fact in the page's language, falling back to English. */
export function factNote(facts: SiteFacts, note: FactNote, language: string): FactLine['note'] {
  const entity = { text: facts.notes?.[note] ?? '', translations: translationsOf(facts, note) };
  const { text, lang } = localized(entity, 'text', language);
  return text ? { text, lang } : undefined;
}

function translationsOf(facts: SiteFacts, note: FactNote) {
  const out: { es?: { text?: string }; zh?: { text?: string } } = {};
  const es = facts.translations?.es?.[note];
  const zh = facts.translations?.zh?.[note];
  if (es) out.es = { text: es };
  if (zh) out.zh = { text: zh };
  return out;
}

/** When a reservation must be made by, in words: 'by 1:00 PM the day before', '2 days ahead'. */
export function reservationDeadline(facts: SiteFacts, t: T, language: string): string | undefined {
  if (facts.reserveHours !== undefined)
    return t('facts:reservation.hoursAhead', { count: facts.reserveHours });
  if (facts.reserveDays === undefined) return undefined;
  if (facts.reserveBy === undefined) return t('facts:reservation.daysAhead', { count: facts.reserveDays });
  const time = formatTime(facts.reserveBy, language);
  // Spanish says "la 1:00" but "las 2:00": a context only the Spanish texts define.
  const hour = Number(facts.reserveBy.slice(0, 2)) % 12;
  const context = hour === 1 ? 'one_oclock' : undefined;
  if (facts.reserveDays === 0) return t('facts:reservation.sameDayBy', { time, context });
  if (facts.reserveDays === 1) return t('facts:reservation.dayBeforeBy', { time, context });
  return t('facts:reservation.daysBeforeBy', { time, count: facts.reserveDays, context });
}

/** '$3 suggested for 60+ · guests $6', or 'Free'. */
export function costText(facts: SiteFacts, t: T, language: string): string | undefined {
  const parts: string[] = [];
  if (facts.cost === 'free') parts.push(t('facts:cost.free'));
  else if (facts.suggestedAmount !== undefined)
    parts.push(t('facts:cost.suggested', { amount: formatMoney(facts.suggestedAmount, language) }));
  else if (facts.cost === 'suggested') parts.push(t('facts:cost.suggestedOnly'));
  if (facts.guestPrice !== undefined)
    parts.push(t('facts:cost.guests', { amount: formatMoney(facts.guestPrice, language) }));
  return parts.length ? parts.join(' · ') : undefined;
}

/** 'Staff speak Cantonese, English' (in the order staff gave). */
export function languagesText(facts: SiteFacts, t: T, language: string): string | undefined {
  if (!facts.languages?.length) return undefined;
  const names = spokenLanguageNames(facts.languages, language);
  const joined = language.startsWith('zh') ? names.join('、') : names.join(', ');
  return t('facts:languages.staffSpeak', { languages: joined });
}

/** 'Step-free entrance · accessible restroom · no elevator': what is known, yes first. */
export function accessText(facts: SiteFacts, t: T): string | undefined {
  const known = (value: boolean) => ACCESS_FEATURES.filter((feature) => facts[feature] === value);
  const words = [
    ...known(true).map((feature: AccessFeature) => t(`facts:access.${feature}`)),
    ...known(false).map((feature: AccessFeature) => t(`facts:access.no.${feature}`)),
  ];
  if (!words.length) return undefined;
  const [first = '', ...rest] = words;
  return [first.charAt(0).toLocaleUpperCase() + first.slice(1), ...rest].join(' · ');
}
