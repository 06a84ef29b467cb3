import { formatPhone, normalizePhone } from '#shared/phone.ts';
import { SiteFactsSchema } from '#shared/schemas/site-facts.ts';
import {
  ACCESS_FEATURES,
  ELIGIBLE_COMPANIONS,
  FACT_NOTES,
  type FactNote,
  type FactNotes,
  type SiteFacts,
} from '#shared/site-facts.ts';

/** A yes/no fact as the form holds it: '' is "not known" (never "no", docs/product.md R535). */
export type YesNoText = 'yes' | 'no' | '';

export const YES_NO_FACTS = [...ELIGIBLE_COMPANIONS, ...ACCESS_FEATURES, 'walkIns', 'transport'] as const;
export type YesNoFact = (typeof YES_NO_FACTS)[number];

export type NoteTexts = Record<'en' | 'es' | 'zh', Record<FactNote, string>>;

/** The facts as typed: every value text ('' = not known), the weekdays and languages as lists. */
export interface FactsFormValues {
  reservation: string;
  leadUnit: 'hours' | 'days';
  lead: string;
  reserveBy: string;
  reservePhone: string;
  reservePhoneDays: number[];
  reservePhoneOpen: string;
  reservePhoneClose: string;
  reserveUrl: string;
  cost: string;
  suggestedAmount: string;
  guestPrice: string;
  firstVisit: string;
  languages: string[];
  transportPhone: string;
  yesNo: Record<YesNoFact, YesNoText>;
  notes: NoteTexts;
}

const emptyNotes = (): Record<FactNote, string> =>
  Object.fromEntries(FACT_NOTES.map((note) => [note, ''])) as Record<FactNote, string>;

const yesNoText = (value: boolean | undefined): YesNoText =>
  value === undefined ? '' : value ? 'yes' : 'no';

const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));

/** The form's values for stored facts (none known → every field empty). */
export function factsValuesFrom(facts: SiteFacts | null | undefined): FactsFormValues {
  const f = facts ?? {};
  const notesOf = (notes: FactNotes | undefined) => ({ ...emptyNotes(), ...notes });
  return {
    reservation: f.reservation ?? '',
    leadUnit: f.reserveHours !== undefined ? 'hours' : 'days',
    lead: text(f.reserveHours ?? f.reserveDays),
    reserveBy: f.reserveBy ?? '',
    reservePhone: f.reservePhone ? formatPhone(f.reservePhone) : '',
    reservePhoneDays: f.reservePhoneDays ?? [],
    reservePhoneOpen: f.reservePhoneOpen ?? '',
    reservePhoneClose: f.reservePhoneClose ?? '',
    reserveUrl: f.reserveUrl ?? '',
    cost: f.cost ?? '',
    suggestedAmount: text(f.suggestedAmount),
    guestPrice: text(f.guestPrice),
    firstVisit: f.firstVisit ?? '',
    languages: f.languages ?? [],
    transportPhone: f.transportPhone ? formatPhone(f.transportPhone) : '',
    yesNo: Object.fromEntries(YES_NO_FACTS.map((key) => [key, yesNoText(f[key])])) as Record<
      YesNoFact,
      YesNoText
    >,
    notes: {
      en: notesOf(f.notes),
      es: notesOf(f.translations?.es),
      zh: notesOf(f.translations?.zh),
    },
  };
}

const blank = (value: string) => (value.trim() === '' ? null : value.trim());
const phone = (value: string) => (value.trim() === '' ? null : normalizePhone(value));

/**
 * `facts` for the body, whole (docs/product.md R536): the known facts only — `facts` replaces the stored
 * facts, so a fact left out is unknown, and a form saved untouched sends `{}` or the stored facts again.
 * Values are sent as typed; the schema reads and checks them.
 */
export function factsPayload(values: FactsFormValues): Record<string, unknown> {
  const notesOf = (notes: Record<FactNote, string>) =>
    Object.fromEntries(
      FACT_NOTES.flatMap((note) => (notes[note].trim() ? [[note, notes[note].trim()]] : [])),
    );
  const lead = blank(values.lead);
  const translations = { es: notesOf(values.notes.es), zh: notesOf(values.notes.zh) };
  const all: Record<string, unknown> = {
    reservation: blank(values.reservation),
    reserveHours: values.leadUnit === 'hours' ? lead : null,
    reserveDays: values.leadUnit === 'days' ? lead : null,
    reserveBy: values.leadUnit === 'days' ? blank(values.reserveBy) : null,
    reservePhone: phone(values.reservePhone),
    reservePhoneDays: values.reservePhoneDays.length ? values.reservePhoneDays : null,
    reservePhoneOpen: blank(values.reservePhoneOpen),
    reservePhoneClose: blank(values.reservePhoneClose),
    reserveUrl: blank(values.reserveUrl),
    cost: blank(values.cost),
    suggestedAmount: blank(values.suggestedAmount),
    guestPrice: blank(values.guestPrice),
    firstVisit: blank(values.firstVisit),
    languages: values.languages.length ? values.languages : null,
    transportPhone: phone(values.transportPhone),
    ...Object.fromEntries(
      YES_NO_FACTS.map((key) => [key, values.yesNo[key] === '' ? null : values.yesNo[key] === 'yes']),
    ),
    notes: notesOf(values.notes.en),
    translations: Object.fromEntries(
      Object.entries(translations).filter(([, notes]) => Object.keys(notes).length),
    ),
  };
  const empty = (value: unknown) =>
    value === null || (typeof value === 'object' && !Array.isArray(value) && !Object.keys(value).length);
  return Object.fromEntries(Object.entries(all).filter(([, value]) => !empty(value)));
}

/** The facts as the server would store them, when they read (else as the form would send them). */
export function storedFacts(values: FactsFormValues): SiteFacts {
  const payload = factsPayload(values);
  const parsed = SiteFactsSchema.safeParse(payload);
  return parsed.success ? parsed.data : (payload as SiteFacts);
}

type Translate = (key: string) => string;

/** Each fact field's label by its path in the body, for the error summary (docs/product.md R536). */
export function factLabels(t: Translate): Record<string, string> {
  const labels: Record<string, string> = {
    'facts.reservation': t('reservation.policy'),
    'facts.reserveHours': t('reservation.leadHours'),
    'facts.reserveDays': t('reservation.leadDays'),
    'facts.reserveBy': t('reservation.by'),
    'facts.reservePhone': t('reservation.phone'),
    'facts.reservePhoneDays': t('reservation.phoneDays'),
    'facts.reservePhoneOpen': t('reservation.phoneOpen'),
    'facts.reservePhoneClose': t('reservation.phoneClose'),
    'facts.reserveUrl': t('reservation.url'),
    'facts.walkIns': t('reservation.walkIns'),
    'facts.cost': t('cost.kind'),
    'facts.suggestedAmount': t('cost.suggestedAmount'),
    'facts.guestPrice': t('cost.guestPrice'),
    'facts.firstVisit': t('firstVisit.need'),
    'facts.languages': t('languages.legend'),
    'facts.transport': t('transport.rides'),
    'facts.transportPhone': t('transport.phone'),
  };
  for (const key of ELIGIBLE_COMPANIONS) labels[`facts.${key}`] = t(`eligibility.${key}`);
  for (const key of ACCESS_FEATURES) labels[`facts.${key}`] = t(`access.${key}`);
  for (const note of FACT_NOTES) {
    labels[`facts.notes.${note}`] = t(`notes.${note}.en`);
    labels[`facts.translations.es.${note}`] = t(`notes.${note}.es`);
    labels[`facts.translations.zh.${note}`] = t(`notes.${note}.zh`);
  }
  return labels;
}
