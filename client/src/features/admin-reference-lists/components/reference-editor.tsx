import { useTranslation } from 'react-i18next';
import { RecordState } from '#client/components/admin/record-state.tsx';
import { ApiError } from '#client/lib/api.ts';
import { REFERENCE_LISTS, type ReferenceListName } from '#shared/schemas/reference-lists.ts';
import { useReferenceItem } from '../api/item.ts';
import { ReferenceForm } from './reference-form.tsx';

/**
 * Create mode without an id, update mode with one (docs/product.md R52): loads the item, shows loading and
 * not-found states, and rebuilds the form only when the item is (re)loaded.
 */
export function ReferenceEditor({ list, id }: { list: ReferenceListName; id: number | undefined }) {
  const { t } = useTranslation('admin');
  const valid = id === undefined || Number.isInteger(id);
  const item = useReferenceItem(list, valid ? id : undefined);
  const title = t(REFERENCE_LISTS[list].i18n.admin.title);

  if (!valid) return <RecordState title={title} error={new ApiError(404, 'Not found')} onRetry={() => {}} />;
  if (id !== undefined && !item.data) {
    return <RecordState title={title} error={item.error} onRetry={() => void item.refetch()} />;
  }
  return <ReferenceForm key={item.dataUpdatedAt} list={list} item={item.data} />;
}
