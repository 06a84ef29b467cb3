import { COST_FACTS, FACT_NOTES, type FactNote, RESERVATION_FACTS, type SiteFacts } from './site-facts.ts';

/**
 * A site's facts as spreadsheet cells, and back (docs/product.md R545–R547): one column per fact and
 * one per note and language, read by a clerk as written — `yes`/`no` for a yes/no fact, the choice's
 * code (`required`), numbers as numbers (`3.5`), lists joined with ", " — and an empty cell for a fact
 * nobody entered. The import reads the cells through the same facts schema as the API.
 */

/** The facts with a column of their own, in the sheet's order. */
export const FACT_FIELD_COLUMNS = [
  ...RESERVATION_FACTS,
  'walkIns',
  ...COST_FACTS,
  'guestPrice',
  'spouse',
  'caregiver',
  'guests',
  'firstVisit',
  'languages',
  'stepFree',
  'restroom',
  'elevator',
  'hearingLoop',
  'parking',
  'seatingWithArms',
  'transport',
  'transportPhone',
] as const satisfies readonly (keyof SiteFacts)[];
export type FactFieldColumn = (typeof FACT_FIELD_COLUMNS)[number];

export type NoteColumn = `${FactNote}Note${'' | 'Es' | 'Zh'}`;
/** A note's column in a language: `reservationNote`, `reservationNoteEs`, `reservationNoteZh`. */
export const noteColumn = (note: FactNote, language: 'en' | 'es' | 'zh'): NoteColumn =>
  `${note}Note${language === 'en' ? '' : language === 'es' ? 'Es' : 'Zh'}`;

export const FACT_NOTE_COLUMNS: readonly NoteColumn[] = FACT_NOTES.flatMap((note) =>
  (['en', 'es', 'zh'] as const).map((language) => noteColumn(note, language)),
);

export type FactColumn = FactFieldColumn | NoteColumn;
/** Every column of the facts, in the sheet's order. */
export const FACT_COLUMNS: readonly FactColumn[] = [...FACT_FIELD_COLUMNS, ...FACT_NOTE_COLUMNS];

function cellOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The facts' cells of a site: '' where nothing is known. */
export function factCells(facts: SiteFacts): Record<FactColumn, string> {
  const cells = {} as Record<FactColumn, string>;
  for (const column of FACT_FIELD_COLUMNS) cells[column] = cellOf(facts[column]);
  for (const note of FACT_NOTES) {
    cells[noteColumn(note, 'en')] = facts.notes?.[note] ?? '';
    cells[noteColumn(note, 'es')] = facts.translations?.es?.[note] ?? '';
    cells[noteColumn(note, 'zh')] = facts.translations?.zh?.[note] ?? '';
  }
  return cells;
}

/** A list cell: "yue, en" or "yue; en" → ['yue', 'en']. */
const listOf = (text: string) =>
  text
    .split(/[,;，；、]/)
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * The facts a row gives, on top of the stored ones: only the columns the sheet has change, so an
 * agency's sheet without them leaves the facts as they are. What comes back is a body for the facts
 * schema (text as typed; the schema reads "yes", "$3.50", "1", …).
 */
export function factsFromCells(
  stored: SiteFacts,
  has: (column: string) => boolean,
  cell: (column: string) => string,
): Record<string, unknown> {
  const facts: Record<string, unknown> = structuredClone(stored) as Record<string, unknown>;
  for (const column of FACT_FIELD_COLUMNS) {
    if (!has(column)) continue;
    const text = cell(column).trim();
    if (column === 'languages') facts[column] = text ? listOf(text) : undefined;
    else if (column === 'reservePhoneDays')
      facts[column] = text ? listOf(text).map((day) => (/^\d$/.test(day) ? Number(day) : day)) : undefined;
    else facts[column] = text === '' ? undefined : text;
  }
  const notes: Record<string, string | undefined> = { ...(stored.notes ?? {}) };
  const es: Record<string, string | undefined> = { ...(stored.translations?.es ?? {}) };
  const zh: Record<string, string | undefined> = { ...(stored.translations?.zh ?? {}) };
  for (const note of FACT_NOTES) {
    if (has(noteColumn(note, 'en'))) notes[note] = cell(noteColumn(note, 'en'));
    if (has(noteColumn(note, 'es'))) es[note] = cell(noteColumn(note, 'es'));
    if (has(noteColumn(note, 'zh'))) zh[note] = cell(noteColumn(note, 'zh'));
  }
  facts.notes = notes;
  facts.translations = { es, zh };
  return facts;
}

/** The sheet column a facts schema path reports on: ['reserveDays'] → reserveDays, ['notes','cost'] → costNote. */
export function factColumnOfPath(path: readonly PropertyKey[]): string {
  const [first, second, third] = path.map(String);
  if (first === 'notes' && second) return noteColumn(second as FactNote, 'en');
  if (first === 'translations' && (second === 'es' || second === 'zh') && third)
    return noteColumn(third as FactNote, second);
  return first ?? 'facts';
}
