import { useParams } from 'react-router';
import { HistoryScreen } from '#client/features/admin-history/components/history-screen.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';
import { parseId } from '#shared/ids.ts';
import type { ReferenceListName } from '#shared/reference-lists.ts';

addNamespace('admin');
addNamespace('admin-facts');

/** An id that is not one asks the API for record 0, which answers 404: the screen says the record is gone. */
const idParam = (id: string | undefined) => (id === undefined ? 0 : (parseId(id) ?? 0));

/** /sites/:id/history, behind the admin guard in the router (docs/product.md R563). */
export function SiteHistoryScreen() {
  const { id } = useParams();
  return <HistoryScreen key={id} record={{ kind: 'site', id: idParam(id) }} />;
}

/** /admin/{adminSegment}/:id/history: a list item's history; `list` is the API list name the router gives. */
export function ItemHistoryScreen({ list }: { list: ReferenceListName }) {
  const { id } = useParams();
  return <HistoryScreen key={`${list}-${id}`} record={{ kind: 'item', list, id: idParam(id) }} />;
}
