import { formatInterval, formatTime, weekdayName } from '#shared/format-hours.ts';
import words from '#shared/locales/en/facts.json' with { type: 'json' };
import { formatPhone, formatPhoneWithExtension } from '#shared/phone.ts';
import type { Site } from '#shared/schemas/sites.ts';
import {
  ACCESS_FEATURES,
  type AccessFeature,
  ELIGIBLE_COMPANIONS,
  formatMoney,
  reservationPhone,
  type SiteFacts,
  spokenLanguageName,
} from '#shared/site-facts.ts';
import type { HsdsAccessibility, HsdsCostOption, HsdsLanguage } from './model.ts';

/**
 * A site's facts (docs/product.md R500) in the feed's own fields (R488): the languages staff speak as
 * HSDS language records, the cost as cost options, access as accessibility records of the location,
 * reservations and the first visit as the service's application process, rides and transit as the
 * location's transportation, who may come in the eligibility description, what to expect in the
 * description, and the phone's extension. The feed is English (docs/decisions/029), so the words here
 * are the English of the site page's, read from the same texts (shared/locales/en/facts.json, which
 * client/src/lib/site-facts-text.ts writes with); only what the page does not say (the cost options,
 * 'Guests pay', the elevator's destination, the reservation address) is worded here. Notes are staff's
 * English notes. Nothing is said about a fact nobody entered.
 */

/**
 * The default words about contributions, when AGENCY_CONTRIBUTION_TEXT is not set: the English of
 * `cost.contribution` in the `facts` namespace.
 */
export const DEFAULT_CONTRIBUTION_TEXT = words.cost.contribution;

/** A text of the `facts` namespace with its {{placeholders}} filled, as i18next fills them. */
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
/** English's two plural forms: '_one' for 1, '_other' for any other count (0 included). */
const pluralForm = (count: number) => (count === 1 ? 'one' : 'other');
/** An accessibility record is a description of its own: 'accessible restroom' starts capitalised. */
const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** The page's words for each access feature, present and absent; the record says where the elevator goes (also read back by the HSDS import). */
export const ACCESS_WORDS: Record<AccessFeature, [yes: string, no: string]> = {
  ...(Object.fromEntries(
    ACCESS_FEATURES.map((feature) => [
      feature,
      [capitalised(words.access[feature]), capitalised(words.access.no[feature])],
    ]),
  ) as Record<AccessFeature, [yes: string, no: string]>),
  elevator: ['Elevator to the dining room', capitalised(words.access.no.elevator)],
};

const list = new Intl.ListFormat('en-US', { type: 'conjunction' });
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
const join = (parts: (string | undefined)[]) =>
  parts
    .filter((part): part is string => !!part)
    .map(sentence)
    .join(' ');

/** Weekdays as a run where they follow each other ('Monday–Friday'), else listed. */
function weekdaysText(days: readonly number[]): string {
  const order = [1, 2, 3, 4, 5, 6, 0];
  const sorted = order.filter((day) => days.includes(day));
  const consecutive =
    sorted.length > 2 &&
    sorted.every((day, i) => i === 0 || order.indexOf(day) === order.indexOf(sorted[i - 1]!) + 1);
  if (consecutive) return `${weekdayName(sorted[0]!, 'en')}–${weekdayName(sorted.at(-1)!, 'en')}`;
  return list.format(sorted.map((day) => weekdayName(day, 'en')));
}

function deadline(facts: SiteFacts): string | undefined {
  const { reservation } = words;
  const { reserveHours: hours, reserveDays: days } = facts;
  if (hours !== undefined) return fill(reservation[`hoursAhead_${pluralForm(hours)}`], { count: hours });
  if (days === undefined) return undefined;
  if (facts.reserveBy === undefined)
    return fill(reservation[`daysAhead_${pluralForm(days)}`], { count: days });
  const time = formatTime(facts.reserveBy, 'en');
  if (days === 0) return fill(reservation.sameDayBy, { time });
  if (days === 1) return fill(reservation.dayBeforeBy, { time });
  return fill(reservation[`daysBeforeBy_${pluralForm(days)}`], { time, count: days });
}

/** How to get a meal: the reservation, its line's hours, walk-ins, the first visit, and staff's notes. */
function applicationProcess(site: Site, facts: SiteFacts): string | undefined {
  const parts: (string | undefined)[] = [];
  if (facts.reservation && facts.reservation !== 'not_needed') {
    const { reservation } = words;
    const policy = reservation[facts.reservation];
    const phone = reservationPhone(facts, site.phoneNumber);
    const phoneText = facts.reservePhone
      ? formatPhone(facts.reservePhone)
      : formatPhoneWithExtension(phone, site.phoneExtension, words.extension);
    // The page links the reservation address; the feed, being text, names it.
    const at = facts.reserveUrl ? ` at ${facts.reserveUrl}` : '';
    const how = phone
      ? facts.reserveUrl
        ? `${fill(reservation.callOrOnline, { phone: phoneText })}${at}`
        : fill(reservation.call, { phone: phoneText })
      : facts.reserveUrl
        ? `${reservation.online}${at}`
        : undefined;
    const when = deadline(facts);
    parts.push(
      how && when
        ? fill(reservation.sentence, { policy, how, when })
        : how
          ? fill(reservation.sentenceHow, { policy, how })
          : when
            ? fill(reservation.sentenceWhen, { policy, when })
            : policy,
    );
    if (facts.reservePhoneDays?.length && facts.reservePhoneOpen && facts.reservePhoneClose)
      parts.push(
        fill(reservation.phoneAnswered, {
          days: weekdaysText(facts.reservePhoneDays),
          hours: formatInterval({ open: facts.reservePhoneOpen, close: facts.reservePhoneClose }, 'en'),
        }),
      );
  } else if (facts.reservation === 'not_needed') {
    parts.push(words.reservation.not_needed);
  }
  if (facts.walkIns === true && facts.reservation !== 'not_needed') parts.push(words.reservation.walkIns);
  if (facts.walkIns === false) parts.push(words.reservation.noWalkIns);
  parts.push(facts.notes?.reservation);
  if (facts.firstVisit) parts.push(words.firstVisit[facts.firstVisit]);
  parts.push(facts.notes?.firstVisit);
  return join(parts) || undefined;
}

/** Who may come besides the populations served, and staff's note. */
function eligibility(facts: SiteFacts): string | undefined {
  const welcome = ELIGIBLE_COMPANIONS.filter((who) => facts[who] === true).map(
    (who) => words.eligibility[who],
  );
  const not = ELIGIBLE_COMPANIONS.filter((who) => facts[who] === false).map((who) => words.eligibility[who]);
  return (
    join([
      welcome.length ? fill(words.eligibility.also, { who: list.format(welcome) }) : undefined,
      not.length ? fill(words.eligibility.notWelcome, { who: list.format(not) }) : undefined,
      facts.notes?.eligibility,
    ]) || undefined
  );
}

/** Rides to the site, how to book them, transit nearby. */
function transportation(facts: SiteFacts): string | undefined {
  return (
    join([
      facts.transport === true
        ? facts.transportPhone
          ? fill(words.transport.offered, { phone: formatPhone(facts.transportPhone) })
          : words.transport.offeredNoPhone
        : facts.transport === false
          ? words.transport.notOffered
          : undefined,
      facts.notes?.transport,
      facts.notes?.transit ? fill(words.transport.transit, { text: facts.notes.transit }) : undefined,
    ]) || undefined
  );
}

/** The cost in words, for `fees_description`: 'Free.', '$3 suggested contribution for 60+; guests $6. …' */
function feesDescription(facts: SiteFacts, contribution: string): string | undefined {
  const suggested = facts.cost === 'suggested' || facts.suggestedAmount !== undefined;
  return (
    join([
      facts.cost === 'free'
        ? words.cost.free
        : facts.suggestedAmount !== undefined
          ? `${formatMoney(facts.suggestedAmount, 'en')} suggested contribution for 60+`
          : facts.cost === 'suggested'
            ? words.cost.suggestedOnly
            : undefined,
      facts.guestPrice !== undefined ? `Guests pay ${formatMoney(facts.guestPrice, 'en')}` : undefined,
      suggested ? contribution : undefined,
      facts.notes?.cost,
    ]) || undefined
  );
}

export interface FeedFacts {
  /** Fields of the service (absent when nothing is known). */
  service: {
    application_process?: string;
    fees_description?: string;
  };
  /** Sentences to add to the service's eligibility description and description. */
  eligibility?: string;
  about?: string;
  /** The location's transportation. */
  transportation?: string;
  languages: HsdsLanguage[];
  costOptions: HsdsCostOption[];
  accessibility: HsdsAccessibility[];
  /** The site phone's extension: a number when it is one ('007' is not), else words for its description. */
  extension?: { extension: number } | { description: string };
}

/** The site's facts as the feed publishes them; `id` derives a record's UUID from what it is. */
export function feedFacts(
  site: Site,
  links: { serviceId: string; locationId: string },
  options: { id: (name: string) => string; contribution: string },
): FeedFacts {
  const facts: SiteFacts = site.facts ?? {};
  const { id } = options;
  const suggested = facts.cost === 'suggested' || facts.suggestedAmount !== undefined;

  const costOptions: HsdsCostOption[] = [];
  if (facts.cost === 'free')
    costOptions.push({
      id: id(`cost_option:${site.id}:eligible`),
      service_id: links.serviceId,
      option: 'Eligible people (the populations served)',
      currency: 'USD',
      amount: 0,
      amount_description: 'Free',
    });
  else if (suggested)
    costOptions.push({
      id: id(`cost_option:${site.id}:eligible`),
      service_id: links.serviceId,
      option: `Eligible people (the populations served): a suggested contribution. ${options.contribution}`,
      currency: 'USD',
      ...(facts.suggestedAmount !== undefined ? { amount: facts.suggestedAmount } : {}),
      amount_description: 'Suggested contribution per meal',
    });
  if (facts.guestPrice !== undefined)
    costOptions.push({
      id: id(`cost_option:${site.id}:guests`),
      service_id: links.serviceId,
      option: 'Guests who are not eligible',
      currency: 'USD',
      amount: facts.guestPrice,
      amount_description: 'Price per meal',
    });

  const languages = (facts.languages ?? []).map(
    (code): HsdsLanguage => ({
      id: id(`language:${site.id}:${code}`),
      service_id: links.serviceId,
      location_id: links.locationId,
      name: spokenLanguageName(code, 'en'),
      code,
      note: 'Spoken by staff at the site.',
    }),
  );

  const accessibility: HsdsAccessibility[] = ACCESS_FEATURES.filter(
    (feature) => facts[feature] !== undefined,
  ).map((feature) => ({
    id: id(`accessibility:${site.id}:${feature}`),
    location_id: links.locationId,
    description: ACCESS_WORDS[feature][facts[feature] ? 0 : 1],
  }));
  if (facts.notes?.access)
    accessibility.push({
      id: id(`accessibility:${site.id}:note`),
      location_id: links.locationId,
      description: facts.notes.access,
    });

  const extension = site.phoneExtension ?? undefined;
  const howToGet = applicationProcess(site, facts);
  const fees = feesDescription(facts, options.contribution);
  const about = join([
    facts.notes?.about,
    facts.notes?.activities ? `${words.about.activities}: ${facts.notes.activities}` : undefined,
  ]);
  return {
    service: {
      ...(howToGet ? { application_process: howToGet } : {}),
      ...(fees ? { fees_description: fees } : {}),
    },
    eligibility: eligibility(facts),
    about: about || undefined,
    transportation: transportation(facts),
    languages,
    costOptions,
    accessibility,
    ...(extension
      ? {
          extension: /^[1-9]\d*$/.test(extension)
            ? { extension: Number(extension) }
            : { description: `Extension ${extension}` },
        }
      : {}),
  };
}
