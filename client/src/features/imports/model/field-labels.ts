import type { TFunction } from 'i18next';
import type { FactFieldColumn } from '#shared/fact-cells.ts';

/**
 * A directory field as the column mapping names it in the clerk's language (docs/product.md R626):
 * the site's own fields from `admin-imports` `fields.*`, the facts and their notes with the labels
 * of the facts form (`admin-facts`), a translation column as its field "in Spanish" or "in Chinese".
 * Never the column's code.
 */
const FACT_LABELS: Record<FactFieldColumn, string> = {
  reservation: 'reservation.policy',
  reserveHours: 'reservation.leadHours',
  reserveDays: 'reservation.leadDays',
  reserveBy: 'reservation.by',
  reservePhone: 'reservation.phone',
  reservePhoneDays: 'reservation.phoneDays',
  reservePhoneOpen: 'reservation.phoneOpen',
  reservePhoneClose: 'reservation.phoneClose',
  reserveUrl: 'reservation.url',
  walkIns: 'reservation.walkIns',
  cost: 'cost.kind',
  suggestedAmount: 'cost.suggestedAmount',
  guestPrice: 'cost.guestPrice',
  spouse: 'eligibility.spouse',
  caregiver: 'eligibility.caregiver',
  guests: 'eligibility.guests',
  firstVisit: 'firstVisit.need',
  languages: 'languages.legend',
  stepFree: 'access.stepFree',
  restroom: 'access.restroom',
  elevator: 'access.elevator',
  hearingLoop: 'access.hearingLoop',
  parking: 'access.parking',
  seatingWithArms: 'access.seatingWithArms',
  transport: 'transport.rides',
  transportPhone: 'transport.phone',
};

const NOTE = /^(\w+)Note(Es|Zh)?$/;
const TRANSLATED = /^(\w+)(Es|Zh)$/;

export function fieldLabel(name: string, t: TFunction): string {
  if (name in FACT_LABELS) return t(`admin-facts:${FACT_LABELS[name as FactFieldColumn]}`);
  const note = NOTE.exec(name);
  if (note)
    return t(`admin-facts:notes.${note[1]}.${note[2] === 'Es' ? 'es' : note[2] === 'Zh' ? 'zh' : 'en'}`);
  const own = t(`admin-imports:fields.${name}`, { defaultValue: '' });
  if (own) return own;
  const translated = TRANSLATED.exec(name);
  if (translated) {
    const field = t(`admin-imports:fields.${translated[1]}`, { defaultValue: translated[1] });
    return t(translated[2] === 'Es' ? 'admin-imports:fields.inSpanish' : 'admin-imports:fields.inChinese', {
      field,
    });
  }
  return name;
}
