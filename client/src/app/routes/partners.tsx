import { usePageWords } from '#client/features/help/use-page-words.ts';
import { PartnersList } from '#client/features/partners/components/partners-list.tsx';
import { useReferenceList } from '#client/features/sites/api/get-reference-list.ts';
import { LoadError } from '#client/features/sites/components/load-error.tsx';

/** /partners: the nutrition partners and how to reach them (docs/product.md R11). */
export function PartnersScreen() {
  const { t } = usePageWords('partners');
  const query = useReferenceList('nutritionpartners');
  return (
    <>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      {query.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : query.data ? (
        <PartnersList partners={query.data} />
      ) : (
        <LoadError
          title={t('loadError')}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      )}
    </>
  );
}
