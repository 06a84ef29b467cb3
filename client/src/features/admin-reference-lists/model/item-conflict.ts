/**
 * The fields of a reference item that a version conflict compares (docs/product.md R211): the names,
 * the contact fields of the lists that have them, and "Means the site is closed" where it applies.
 */
import type { TFunction } from 'i18next';
import type { ConflictFieldSpec } from '#client/components/admin/conflict.ts';
import type { ReferenceListName } from '#shared/schemas/reference-lists.ts';
import { hasClosesSite, hasContactFields, type ItemFormValues } from './item-form.ts';

/** The form's text fields (every value but the closesSite tick). */
export type TextKey = Exclude<keyof ItemFormValues, 'closesSite'>;
const TEXT_KEYS: readonly TextKey[] = ['name', 'nameEs', 'nameZh', 'phoneNumber', 'email', 'website'];

/** The conflict specs of one list's item, labelled in the admin's language (`t` of the `admin` namespace). */
export function itemConflictSpecs(
  list: ReferenceListName,
  t: TFunction<'admin'>,
): ConflictFieldSpec<ItemFormValues>[] {
  const fieldLabels: Record<TextKey, string> = {
    name: t('fields.name'),
    nameEs: t('translations.nameEs'),
    nameZh: t('translations.nameZh'),
    phoneNumber: t('fields.phoneNumber'),
    email: t('fields.email'),
    website: t('fields.website'),
  };
  const text = TEXT_KEYS.filter(
    (key) => hasContactFields(list) || !['phoneNumber', 'email', 'website'].includes(key),
  ).map(
    (key): ConflictFieldSpec<ItemFormValues> => ({
      key,
      label: fieldLabels[key],
      get: (v) => v[key].trim(),
      show: (v) => v[key].trim(),
      take: (target, source) => ({ ...target, [key]: source[key] }),
    }),
  );
  if (!hasClosesSite(list)) return text;
  return [
    ...text,
    {
      key: 'closesSite',
      label: t('item.closesSite'),
      get: (v) => v.closesSite,
      show: (v) => (v.closesSite ? t('yes') : t('no')),
      take: (target, source) => ({ ...target, closesSite: source.closesSite }),
    },
  ];
}
