import { beforeYouGoLines } from '#client/lib/site-facts-text.ts';
import { hoursOnOneLine, listLocale } from '#shared/format-hours.ts';
import type { HoursInterval } from '#shared/hours.ts';
import { formatPhone } from '#shared/phone.ts';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS, type ReferenceListName } from '#shared/reference-lists.ts';
import type { HistoryEntry } from '#shared/schemas/history.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import type { SiteFacts } from '#shared/site-facts.ts';
import { localized } from '#shared/translations.ts';

/**
 * An entry's changes as the staff read them (docs/product.md R563): one row per field, labelled with
 * the form's own words, each side written as the form or the site page writes it — hours by the hours
 * formatter, list items by name in the reader's language, translations per language, the facts as
 * the lines of "Before you go". Pure: the words come in `HistoryWords`.
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface HistoryWords {
  /** The admin namespace's t; keys of other namespaces carry their prefix (`admin-facts:…`, `facts:…`). */
  t: Translate;
  language: string;
  /** The reference lists as loaded, to name a site's items; an item not found keeps its stored name. */
  items: Partial<Record<ReferenceListName, readonly ReferenceItem[] | undefined>>;
}

export interface ChangeRow {
  key: string;
  label: string;
  before: string;
  after: string;
}

type Named = { id: number; name?: string; translations?: ReferenceItem['translations'] };
type TranslationsValue = Partial<Record<'es' | 'zh', { name?: string } | undefined>> | null | undefined;

/** The form's order; a field the entry has and this list lacks comes after, under its own name. */
const ORDER = [
  'name',
  'translations',
  'address',
  'phoneNumber',
  'phoneExtension',
  'email',
  'website',
  'lat',
  'lng',
  'Hours',
  'facts',
  ...REFERENCE_LIST_NAMES.map((list) => REFERENCE_LISTS[list].siteKey),
  'closesSite',
];

const LABELS: Record<string, string> = {
  name: 'fields.name',
  address: 'fields.address',
  phoneNumber: 'fields.phoneNumber',
  phoneExtension: 'admin-facts:extension',
  email: 'fields.email',
  website: 'fields.website',
  lat: 'site.lat',
  lng: 'site.lng',
  Hours: 'hours.legend',
  facts: 'admin-facts:conflictLabel',
  closesSite: 'item.closesSite',
  ...Object.fromEntries(
    REFERENCE_LIST_NAMES.map((list) => [
      REFERENCE_LISTS[list].siteKey,
      REFERENCE_LISTS[list].i18n.admin.plural,
    ]),
  ),
};

const listOf = (field: string) =>
  REFERENCE_LIST_NAMES.find((list) => REFERENCE_LISTS[list].siteKey === field);

function listText(language: string, values: string[]): string {
  return new Intl.ListFormat(listLocale(language), { type: 'conjunction' }).format(values);
}

/** One side of a field in words; '' when empty (the row writes "(empty)"). */
function valueText(field: string, value: unknown, words: HistoryWords): string {
  const { t, language } = words;
  if (value === null || value === undefined || value === '') return '';
  if (field === 'phoneNumber') return formatPhone(String(value)) || String(value);
  if (field === 'Hours') {
    return hoursOnOneLine(value as HoursInterval[], language);
  }
  if (field === 'closesSite') return t(value ? 'yes' : 'no');
  const list = listOf(field);
  if (list) {
    const names = (value as Named[]).map((stored) => {
      const item = words.items[list]?.find((candidate) => candidate.id === stored.id) ?? stored;
      return item.name ? localized(item as Named & { name: string }, 'name', language).text : `#${stored.id}`;
    });
    return listText(language, names);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The facts as the lines of "Before you go", one row per line whose words changed. */
function factRows(before: unknown, after: unknown, words: HistoryWords): ChangeRow[] {
  const linesOf = (facts: unknown) =>
    new Map(
      beforeYouGoLines((facts ?? {}) as SiteFacts, words.t as never, { language: words.language }).map(
        (line) => [
          line.key,
          { label: line.label, text: [line.text, line.note?.text].filter(Boolean).join(' — ') },
        ],
      ),
    );
  const was = linesOf(before);
  const now = linesOf(after);
  const keys = [...new Set([...was.keys(), ...now.keys()])];
  return keys.flatMap((key) => {
    const from = was.get(key)?.text ?? '';
    const to = now.get(key)?.text ?? '';
    if (from === to) return [];
    const label = `${words.t('admin-facts:conflictLabel')}: ${now.get(key)?.label ?? was.get(key)?.label ?? key}`;
    return [{ key: `facts.${key}`, label, before: from, after: to }];
  });
}

/** The translations per language: "Name in Spanish", "Name in Chinese". */
function translationRows(
  before: TranslationsValue,
  after: TranslationsValue,
  words: HistoryWords,
): ChangeRow[] {
  return (['es', 'zh'] as const).flatMap((language) => {
    const from = before?.[language]?.name ?? '';
    const to = after?.[language]?.name ?? '';
    if (from === to) return [];
    const label = words.t(language === 'es' ? 'translations.nameEs' : 'translations.nameZh');
    return [{ key: `translations.${language}`, label, before: from, after: to }];
  });
}

/** Whether an entry's changes are an update's `{field: [before, after]}` (not a whole record). */
export function isFieldChanges(entry: HistoryEntry): boolean {
  if (entry.action !== 'update' && entry.action !== 'import') return false;
  // Keys starting with "@" are notes about the change (the proposal it applied, R594), not fields.
  return Object.entries(entry.changes).every(
    ([key, change]) => key.startsWith('@') || (Array.isArray(change) && change.length === 2),
  );
}

/** The rows of an update's changes, in the form's order. */
export function changeRows(entry: HistoryEntry, words: HistoryWords): ChangeRow[] {
  if (!isFieldChanges(entry)) return [];
  const fields = Object.keys(entry.changes)
    .filter((key) => !key.startsWith('@'))
    .sort((a, b) => {
      const rank = (field: string) => (ORDER.includes(field) ? ORDER.indexOf(field) : ORDER.length);
      return rank(a) - rank(b);
    });
  return fields.flatMap((field): ChangeRow[] => {
    const [before, after] = entry.changes[field] as [unknown, unknown];
    if (field === 'facts') return factRows(before, after, words);
    if (field === 'translations') {
      return translationRows(before as TranslationsValue, after as TranslationsValue, words);
    }
    const label = LABELS[field] ? words.t(LABELS[field]) : field;
    return [
      { key: field, label, before: valueText(field, before, words), after: valueText(field, after, words) },
    ];
  });
}
