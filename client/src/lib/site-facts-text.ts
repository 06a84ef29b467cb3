import {
  accessText,
  costText,
  type FactLine,
  type FactsContext,
  factNote,
  languagesText,
  reservationDeadline,
  type T,
} from '#client/lib/fact-phrases.ts';
import { formatInterval, listLocale, weekdayName } from '#shared/format-hours.ts';
import { formatPhone, formatPhoneWithExtension } from '#shared/phone.ts';
import {
  type DecidingFact,
  ELIGIBLE_COMPANIONS,
  reservationPhone,
  type SiteFacts,
  welcomesWalkIns,
} from '#shared/site-facts.ts';

/**
 * A site's facts in words, the one place they are written (docs/product.md R510–R513): the site page's
 * "Before you go", the list rows and map popups (`factsSummary`), the print handouts and the contact's
 * confirmation page all read them from here. `t` is an i18next `t` of the `facts` namespace in the
 * page's language. Nothing is said about a fact nobody entered. The phrases the lines are made of
 * (a note, the deadline, the cost, languages, access) are in fact-phrases.ts.
 */

/** Weekdays as a run where they follow each other ('Monday–Friday'), else listed. */
function weekdaysText(days: readonly number[], language: string): string {
  const order = [1, 2, 3, 4, 5, 6, 0];
  const sorted = order.filter((day) => days.includes(day));
  const consecutive =
    sorted.length > 2 &&
    sorted.every((day, i) => i === 0 || order.indexOf(day) === order.indexOf(sorted[i - 1]!) + 1);
  if (consecutive) return `${weekdayName(sorted[0]!, language)}–${weekdayName(sorted.at(-1)!, language)}`;
  return new Intl.ListFormat(listLocale(language), { type: 'conjunction' }).format(
    sorted.map((day) => weekdayName(day, language)),
  );
}

function reservationLine(facts: SiteFacts, t: T, context: FactsContext): FactLine | undefined {
  const note = factNote(facts, 'reservation', context.language);
  const walkIns = facts.walkIns;
  if (!facts.reservation && walkIns === undefined && !note) return undefined;
  const line: FactLine = { key: 'reservation', label: t('facts:reservation.label'), note };
  const more: string[] = [];
  if (facts.reservation && facts.reservation !== 'not_needed') {
    const policy = t(`facts:reservation.${facts.reservation}`);
    const own = facts.reservePhone;
    const phone = reservationPhone(facts, context.phoneNumber);
    const phoneText = own
      ? formatPhone(own)
      : formatPhoneWithExtension(phone, context.phoneExtension, t('facts:extension'));
    const how = phone
      ? facts.reserveUrl
        ? t('facts:reservation.callOrOnline', { phone: phoneText })
        : t('facts:reservation.call', { phone: phoneText })
      : facts.reserveUrl
        ? t('facts:reservation.online')
        : undefined;
    const when = reservationDeadline(facts, t, context.language);
    line.text =
      how && when
        ? t('facts:reservation.sentence', { policy, how, when })
        : how
          ? t('facts:reservation.sentenceHow', { policy, how })
          : when
            ? t('facts:reservation.sentenceWhen', { policy, when })
            : policy;
    if (facts.reservePhoneDays?.length && facts.reservePhoneOpen && facts.reservePhoneClose) {
      more.push(
        t('facts:reservation.phoneAnswered', {
          days: weekdaysText(facts.reservePhoneDays, context.language),
          hours: formatInterval(
            { open: facts.reservePhoneOpen, close: facts.reservePhoneClose },
            context.language,
          ),
        }),
      );
    }
    if (facts.reserveUrl) line.link = { href: facts.reserveUrl, text: t('facts:reservation.onlineLink') };
  } else if (facts.reservation === 'not_needed') {
    line.text = t('facts:reservation.not_needed');
  }
  if (walkIns === true && facts.reservation !== 'not_needed') more.push(t('facts:reservation.walkIns'));
  if (walkIns === false) more.push(t('facts:reservation.noWalkIns'));
  if (!line.text && more.length) line.text = more.shift();
  if (more.length) line.more = more;
  return line;
}

function costLine(facts: SiteFacts, t: T, context: FactsContext): FactLine | undefined {
  const text = costText(facts, t, context.language);
  const note = factNote(facts, 'cost', context.language);
  if (!text && !note) return undefined;
  const line: FactLine = { key: 'cost', label: t('facts:cost.label'), text, note };
  if (facts.cost === 'suggested' || facts.suggestedAmount !== undefined) {
    line.more = [context.contribution || t('facts:cost.contribution')];
  }
  return line;
}

function eligibilityLine(facts: SiteFacts, t: T, context: FactsContext): FactLine | undefined {
  const list = new Intl.ListFormat(listLocale(context.language), { type: 'conjunction' });
  const welcome = ELIGIBLE_COMPANIONS.filter((who) => facts[who] === true).map((who) =>
    t(`facts:eligibility.${who}`),
  );
  const notWelcome = ELIGIBLE_COMPANIONS.filter((who) => facts[who] === false).map((who) =>
    t(`facts:eligibility.${who}`),
  );
  const note = factNote(facts, 'eligibility', context.language);
  if (!welcome.length && !notWelcome.length && !note) return undefined;
  const sentences = [
    ...(welcome.length ? [t('facts:eligibility.also', { who: list.format(welcome) })] : []),
    ...(notWelcome.length ? [t('facts:eligibility.notWelcome', { who: list.format(notWelcome) })] : []),
  ];
  return {
    key: 'eligibility',
    label: t('facts:eligibility.label'),
    text: sentences[0],
    more: sentences.length > 1 ? sentences.slice(1) : undefined,
    note,
  };
}

function firstVisitLine(facts: SiteFacts, t: T, context: FactsContext): FactLine | undefined {
  const note = factNote(facts, 'firstVisit', context.language);
  if (!facts.firstVisit && !note) return undefined;
  return {
    key: 'firstVisit',
    label: t('facts:firstVisit.label'),
    text: facts.firstVisit ? t(`facts:firstVisit.${facts.firstVisit}`) : undefined,
    note,
  };
}

function transportLine(facts: SiteFacts, t: T, context: FactsContext): FactLine | undefined {
  const note = factNote(facts, 'transport', context.language);
  const transit = factNote(facts, 'transit', context.language);
  const sentences: string[] = [];
  if (facts.transport === true) {
    sentences.push(
      facts.transportPhone
        ? t('facts:transport.offered', { phone: formatPhone(facts.transportPhone) })
        : t('facts:transport.offeredNoPhone'),
    );
  } else if (facts.transport === false) sentences.push(t('facts:transport.notOffered'));
  if (!sentences.length && !note && !transit) return undefined;
  return {
    key: 'transport',
    label: t('facts:transport.label'),
    text: sentences[0],
    note:
      note ?? (transit && { text: t('facts:transport.transit', { text: transit.text }), lang: transit.lang }),
    more: note && transit ? [t('facts:transport.transit', { text: transit.text })] : undefined,
  };
}

/**
 * The "Before you go" lines of a site page, in the order a person decides: reservation, cost, who may
 * come, the first visit, languages, access, getting there, what to expect. Empty when nothing is known.
 */
export function beforeYouGoLines(
  facts: SiteFacts | null | undefined,
  t: T,
  context: FactsContext,
): FactLine[] {
  if (!facts) return [];
  const { language } = context;
  const lines: Array<FactLine | undefined> = [
    reservationLine(facts, t, context),
    costLine(facts, t, context),
    eligibilityLine(facts, t, context),
    firstVisitLine(facts, t, context),
  ];
  const languages = languagesText(facts, t, language);
  if (languages) lines.push({ key: 'languages', label: t('facts:languages.label'), text: languages });
  const access = accessText(facts, t);
  const accessNote = factNote(facts, 'access', language);
  if (access || accessNote)
    lines.push({ key: 'access', label: t('facts:access.label'), text: access, note: accessNote });
  lines.push(transportLine(facts, t, context));
  const about = factNote(facts, 'about', language);
  const activities = factNote(facts, 'activities', language);
  if (about) lines.push({ key: 'about', label: t('facts:about.label'), note: about });
  if (activities) lines.push({ key: 'activities', label: t('facts:about.activities'), note: activities });
  return lines.filter((line): line is FactLine => line !== undefined);
}

/**
 * The one-line summary of the deciding facts on a list row and a map popup: reservation (or walk-ins
 * welcome), cost, step-free entrance — 'Reservation needed · $3 suggested for 60+ · Step-free entrance'.
 * Undefined when none of them is known.
 */
export function factsSummary(
  facts: SiteFacts | null | undefined,
  t: T,
  language: string,
): string | undefined {
  if (!facts) return undefined;
  const parts: string[] = [];
  if (facts.reservation === 'required' && facts.walkIns !== true)
    parts.push(t('facts:reservation.summaryRequired'));
  else if (welcomesWalkIns(facts)) parts.push(t('facts:reservation.summaryWalkIns'));
  const cost = costText(facts, t, language);
  if (cost) parts.push(cost);
  if (facts.stepFree === true) parts.push(t('facts:access.summaryStepFree'));
  return parts.length ? parts.join(' · ') : undefined;
}

const DECIDING_FACT_LABELS: Record<DecidingFact, string> = {
  reservation: 'facts:reservation.label',
  cost: 'facts:cost.label',
  stepFree: 'facts:access.stepFree',
  languages: 'facts:languages.label',
  firstVisit: 'facts:firstVisit.label',
};

/** The deciding facts a site lacks, for staff: 'Reservation, Cost and Languages' (docs/product.md R539). */
export function missingFactsText(
  missing: readonly DecidingFact[],
  t: T,
  language: string | undefined,
): string {
  return new Intl.ListFormat(listLocale(language), { type: 'conjunction' }).format(
    missing.map((fact) => t(DECIDING_FACT_LABELS[fact])),
  );
}
