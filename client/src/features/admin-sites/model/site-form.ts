import { translationsPayload } from '#client/components/admin/translations.tsx';
import { formatPhone, normalizePhone } from '#shared/phone.ts';
import {
  REFERENCE_LIST_NAMES,
  REFERENCE_LISTS,
  type ReferenceListName,
} from '#shared/schemas/reference-lists.ts';
import { type Site, SiteCreateSchema, SiteUpdateSchema } from '#shared/schemas/sites.ts';
import { type FactsFormValues, factsPayload, factsValuesFrom } from './facts-form.ts';
import { type EditorInterval, editorHours, hoursPayload } from './hours.ts';

type ListSelection = Record<ReferenceListName, number[]>;

/** What the site form holds: text as typed, plus the hours and the ticked ids of each list. */
export interface SiteFormValues {
  /** The base name (as the agency writes it); nameEs/nameZh are its Spanish and Chinese names, '' = none. */
  name: string;
  nameEs: string;
  nameZh: string;
  address: string;
  phoneNumber: string;
  /** The extension beside the phone, digits as typed; '' = none. */
  phoneExtension: string;
  email: string;
  website: string;
  /** As typed or as placed on the map; '' when there is no position. */
  lat: string;
  lng: string;
  /** The admin typed coordinates or moved the pin in this visit (docs/product.md R66: a hand-placed pin is kept). */
  pinMoved: boolean;
  hours: EditorInterval[];
  lists: ListSelection;
  /** Before you go (docs/product.md R535): every fact as typed, '' = not known. */
  facts: FactsFormValues;
}

const noSelection = (): ListSelection =>
  Object.fromEntries(REFERENCE_LIST_NAMES.map((list) => [list, []])) as unknown as ListSelection;

export function emptySiteValues(): SiteFormValues {
  return {
    name: '',
    nameEs: '',
    nameZh: '',
    address: '',
    phoneNumber: '',
    phoneExtension: '',
    email: '',
    website: '',
    lat: '',
    lng: '',
    pinMoved: false,
    hours: [],
    lists: noSelection(),
    facts: factsValuesFrom(undefined),
  };
}

/** Six decimals (about 10 cm) is all a pin needs; stored floats like 37.781000000000006 show as 37.781. */
const coordinateText = (value: number | null) =>
  value === null ? '' : String(Math.round(value * 1e6) / 1e6);

/** The form's values for a stored site; the phone is shown formatted (docs/product.md R64). */
export function siteValuesFrom(site: Site): SiteFormValues {
  const lists = noSelection();
  for (const list of REFERENCE_LIST_NAMES) lists[list] = site[REFERENCE_LISTS[list].siteKey].map((i) => i.id);
  return {
    name: site.name,
    nameEs: site.translations?.es?.name ?? '',
    nameZh: site.translations?.zh?.name ?? '',
    address: site.address,
    phoneNumber: formatPhone(site.phoneNumber),
    phoneExtension: site.phoneExtension ?? '',
    email: site.email ?? '',
    website: site.website ?? '',
    lat: coordinateText(site.lat),
    lng: coordinateText(site.lng),
    pinMoved: false,
    hours: editorHours(site.Hours),
    lists,
    facts: factsValuesFrom(site.facts),
  };
}

/** A typed coordinate: '' → null, a number → that number, anything else as typed (the schema names it). */
export function coordinate(text: string): number | null | string {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

interface PayloadOptions {
  /** Present when editing: the version the form was loaded from (409 when stale). */
  version?: number;
  /** Ids that exist now, per list; ticked ids of items deleted meanwhile are left out. */
  available?: Partial<Record<ReferenceListName, readonly number[]>>;
}

/**
 * The POST/PATCH body (docs/product.md R75): the whole entity, lists as id arrays, hours in stored order
 * (with `weeks` only on intervals that do not apply every week), the phone as digits. Coordinates are sent only when the admin set them: otherwise the server geocodes a
 * new or changed address (docs/product.md R66). When editing, clearing both boxes sends nulls, which
 * removes the pin; when creating, empty boxes are simply left out.
 */
export function buildSitePayload(
  values: SiteFormValues,
  options: PayloadOptions = {},
): Record<string, unknown> {
  const editing = options.version !== undefined;
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  const payload: Record<string, unknown> = {
    name: values.name,
    translations: translationsPayload('name', { es: values.nameEs, zh: values.nameZh }),
    address: values.address,
    phoneNumber: text(values.phoneNumber) === null ? null : normalizePhone(values.phoneNumber),
    phoneExtension: text(values.phoneExtension),
    email: text(values.email),
    website: text(values.website),
    Hours: hoursPayload(values.hours),
    facts: factsPayload(values.facts),
  };
  for (const list of REFERENCE_LIST_NAMES) {
    const available = options.available?.[list];
    const ticked = values.lists[list];
    payload[REFERENCE_LISTS[list].idsKey] = available
      ? ticked.filter((id) => available.includes(id))
      : ticked;
  }
  const lat = coordinate(values.lat);
  const lng = coordinate(values.lng);
  const hasPosition = lat !== null || lng !== null;
  if (editing ? values.pinMoved : hasPosition) {
    payload.lat = lat;
    payload.lng = lng;
  }
  if (editing) payload.version = options.version;
  return payload;
}

/** The API's own body schema for this write (docs/architecture.md §4.1). */
export const siteSchemaFor = (editing: boolean) => (editing ? SiteUpdateSchema : SiteCreateSchema);
