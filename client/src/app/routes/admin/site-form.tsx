import { useParams } from 'react-router';
import { parseId } from '../../../../../shared/schemas/common.ts';
import type { ReferenceListName } from '../../../../../shared/schemas/reference-lists.ts';
import { SiteEditor } from '../../../features/admin-sites/components/site-editor.tsx';
import { addNamespace } from '../../../i18n/lazy-namespaces.ts';
import { REFERENCE_ROUTES } from '../../router.tsx';

addNamespace('admin');

const segmentOf = Object.fromEntries(
  Object.entries(REFERENCE_ROUTES).map(([segment, list]) => [list, segment]),
) as Record<ReferenceListName, string>;
const listPath = (list: ReferenceListName) => `/${segmentOf[list]}`;

/** /sites/new and /sites/:id/edit (SPEC.md §2), behind the admin guard in the router. */
export function SiteFormScreen() {
  const { id } = useParams();
  const siteId = id === undefined ? undefined : (parseId(id) ?? Number.NaN);
  return <SiteEditor key={id ?? 'new'} id={siteId} listPath={listPath} />;
}
