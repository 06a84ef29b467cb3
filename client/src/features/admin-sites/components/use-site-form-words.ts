/**
 * The site form's words: each field's label for the error summary, the messages for an empty required
 * field, and the fields a version conflict compares (siteConflictSpecs), in the admin's language.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REFERENCE_LIST_NAMES,
  REFERENCE_LISTS,
  type ReferenceListName,
} from '#shared/schemas/reference-lists.ts';
import type { useReferenceLists } from '../api/reference-lists.ts';
import { factLabels } from '../model/facts-form.ts';
import { siteConflictSpecs } from '../model/site-conflict.ts';

export function useSiteFormWords(items: ReturnType<typeof useReferenceLists>['items']) {
  const { t, i18n } = useTranslation('admin');
  const { t: tFacts } = useTranslation('admin-facts');
  const labels = useMemo(
    () => ({
      name: t('fields.nameRequired'),
      'translations.es.name': t('translations.nameEs'),
      'translations.zh.name': t('translations.nameZh'),
      address: t('fields.addressRequired'),
      phoneNumber: t('fields.phoneNumber'),
      phoneExtension: tFacts('extension'),
      email: t('fields.email'),
      website: t('fields.website'),
      ...factLabels(tFacts),
      lat: t('site.lat'),
      lng: t('site.lng'),
      Hours: t('hours.legend'),
      ...Object.fromEntries(
        REFERENCE_LIST_NAMES.map((list) => [
          REFERENCE_LISTS[list].idsKey,
          t(REFERENCE_LISTS[list].i18n.admin.plural),
        ]),
      ),
    }),
    [t, tFacts],
  );
  const required = useMemo(() => ({ name: t('required.siteName'), address: t('required.siteAddress') }), [t]);
  const specs = useMemo(
    () =>
      siteConflictSpecs({
        labels: {
          name: t('fields.name'),
          nameEs: t('translations.nameEs'),
          nameZh: t('translations.nameZh'),
          address: t('fields.address'),
          phoneNumber: t('fields.phoneNumber'),
          phoneExtension: tFacts('extension'),
          email: t('fields.email'),
          website: t('fields.website'),
          facts: tFacts('conflictLabel'),
          position: t('site.position'),
          hours: t('hours.legend'),
          ...(Object.fromEntries(
            REFERENCE_LIST_NAMES.map((list) => [list, t(REFERENCE_LISTS[list].i18n.admin.plural)]),
          ) as Record<ReferenceListName, string>),
        },
        language: i18n.resolvedLanguage ?? i18n.language,
        items: items,
        t: t as never,
      }),
    [t, tFacts, i18n.resolvedLanguage, i18n.language, items],
  );
  return { labels, required, specs };
}
