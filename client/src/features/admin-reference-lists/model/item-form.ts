import { translationsPayload } from '#client/components/admin/translations.tsx';
import { formatPhone, normalizePhone } from '#shared/phone.ts';
import {
  REFERENCE_LISTS,
  type ReferenceItem,
  type ReferenceListName,
  referenceItemInputSchema,
} from '#shared/schemas/reference-lists.ts';

/**
 * The generic form's values: every list has a name; nutrition partners add contact fields; covid
 * statuses say whether they mean the site is closed.
 */
export interface ItemFormValues {
  /** The base name, in English: shown in every language that has no translation. */
  name: string;
  /** The Spanish and Chinese names; '' = no translation yet. */
  nameEs: string;
  nameZh: string;
  phoneNumber: string;
  email: string;
  website: string;
  closesSite: boolean;
}

export const hasContactFields = (list: ReferenceListName) => REFERENCE_LISTS[list].contact;

/** Lists whose items can mean "the site is closed" (the registry's closesSite: covid statuses). */
export const hasClosesSite = (list: ReferenceListName) => REFERENCE_LISTS[list].closesSite;

export function itemValuesFrom(item: ReferenceItem | undefined): ItemFormValues {
  return {
    name: item?.name ?? '',
    nameEs: item?.translations?.es?.name ?? '',
    nameZh: item?.translations?.zh?.name ?? '',
    phoneNumber: formatPhone(item?.phoneNumber),
    email: item?.email ?? '',
    website: item?.website ?? '',
    closesSite: item?.closesSite === true,
  };
}

/** The POST/PATCH body: only the fields the list has, the phone as digits, the version when editing. */
export function buildItemPayload(
  list: ReferenceListName,
  values: ItemFormValues,
  version?: number,
): Record<string, unknown> {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  const payload: Record<string, unknown> = {
    name: values.name,
    translations: translationsPayload('name', { es: values.nameEs, zh: values.nameZh }),
  };
  if (hasContactFields(list)) {
    payload.phoneNumber = text(values.phoneNumber) === null ? null : normalizePhone(values.phoneNumber);
    payload.email = text(values.email);
    payload.website = text(values.website);
  }
  if (hasClosesSite(list)) payload.closesSite = values.closesSite;
  if (version !== undefined) payload.version = version;
  return payload;
}

/** The API's body schema for the list (the one schema factory, docs/architecture.md §4.1). */
export const itemSchemaFor = referenceItemInputSchema;
