import type { ConflictFieldSpec } from '#client/components/admin/conflict.ts';
import { beforeYouGoLines } from '#client/lib/site-facts-text.ts';
import { hoursOnOneLine } from '#shared/format-hours.ts';
import {
  REFERENCE_LIST_NAMES,
  type ReferenceItem,
  type ReferenceListName,
} from '#shared/schemas/reference-lists.ts';
import { storedFacts } from './facts-form.ts';
import { hoursPayload } from './hours.ts';
import type { SiteFormValues } from './site-form.ts';

type TextKey =
  | 'name'
  | 'nameEs'
  | 'nameZh'
  | 'address'
  | 'phoneNumber'
  | 'phoneExtension'
  | 'email'
  | 'website';
const TEXT_KEYS: readonly TextKey[] = [
  'name',
  'nameEs',
  'nameZh',
  'address',
  'phoneNumber',
  'phoneExtension',
  'email',
  'website',
];

interface SpecContext {
  /** The label of each text field, of the position, of the hours and of each list. */
  labels: Record<TextKey | 'position' | 'hours' | 'facts' | ReferenceListName, string>;
  /** The facts' words (any t: the keys name their namespace). */
  t?: (key: string, options?: Record<string, unknown>) => string;
  language: string;
  items: Partial<Record<ReferenceListName, readonly ReferenceItem[] | undefined>>;
}

/** The site form's fields for the conflict comparison (docs/product.md R211), in the form's order. */
export function siteConflictSpecs({
  labels,
  language,
  items,
  t,
}: SpecContext): ConflictFieldSpec<SiteFormValues>[] {
  const text: ConflictFieldSpec<SiteFormValues>[] = TEXT_KEYS.map((key) => ({
    key,
    label: labels[key],
    get: (values) => values[key].trim(),
    show: (values) => values[key].trim(),
    take: (target, source) => ({ ...target, [key]: source[key] }),
  }));
  const position: ConflictFieldSpec<SiteFormValues> = {
    key: 'position',
    label: labels.position,
    get: (values) => [values.lat.trim(), values.lng.trim()],
    show: (values) =>
      values.lat.trim() || values.lng.trim() ? `${values.lat.trim()}, ${values.lng.trim()}` : '',
    take: (target, source) => ({ ...target, lat: source.lat, lng: source.lng, pinMoved: source.pinMoved }),
  };
  const hours: ConflictFieldSpec<SiteFormValues> = {
    key: 'hours',
    label: labels.hours,
    get: (values) => hoursPayload(values.hours),
    show: (values) => hoursOnOneLine(values.hours, language),
    take: (target, source) => ({ ...target, hours: source.hours }),
  };
  const lists = REFERENCE_LIST_NAMES.map(
    (list): ConflictFieldSpec<SiteFormValues> => ({
      key: list,
      label: labels[list],
      get: (values) => [...values.lists[list]].sort((a, b) => a - b),
      show: (values) =>
        values.lists[list]
          .map((id) => items[list]?.find((item) => item.id === id)?.name ?? `#${id}`)
          .join(', '),
      take: (target, source) => ({ ...target, lists: { ...target.lists, [list]: source.lists[list] } }),
    }),
  );
  // The facts are compared as one field (docs/product.md R538): taking the other version's facts takes
  // them all, so a reservation policy never travels without its lead time and phone.
  const facts: ConflictFieldSpec<SiteFormValues> = {
    key: 'facts',
    label: labels.facts,
    get: (values) => storedFacts(values.facts),
    show: (values) =>
      t
        ? beforeYouGoLines(storedFacts(values.facts), t as never, { language })
            .map((line) => [line.label, line.text, line.note?.text].filter(Boolean).join(': '))
            .join('; ')
        : JSON.stringify(storedFacts(values.facts)),
    take: (target, source) => ({ ...target, facts: source.facts }),
  };
  return [...text, position, hours, facts, ...lists];
}
