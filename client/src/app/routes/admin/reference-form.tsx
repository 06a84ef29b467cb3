import { useParams } from 'react-router';
import { ReferenceEditor } from '#client/features/admin-reference-lists/components/reference-editor.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';
import { parseId } from '#shared/ids.ts';
import { REFERENCE_LISTS, type ReferenceListName } from '#shared/schemas/reference-lists.ts';

addNamespace('admin');

/**
 * /partners|populations|mealtypes|services|statuses/new and /:id/edit (docs/product.md R52, R59): one screen for
 * the five lists; `list` is the API list name the router gives.
 */
export function ReferenceFormScreen({ list }: { list: string }) {
  const { id } = useParams();
  if (!(list in REFERENCE_LISTS)) throw new Error(`Unknown reference list: ${list}`);
  const itemId = id === undefined ? undefined : (parseId(id) ?? Number.NaN);
  return <ReferenceEditor key={`${list}-${id ?? 'new'}`} list={list as ReferenceListName} id={itemId} />;
}
