import { useParams } from 'react-router';
import { SiteClosures } from '#client/features/admin-closures/components/site-closures.tsx';
import { SiteEditor } from '#client/features/admin-sites/components/site-editor.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';
import { parseId } from '#shared/ids.ts';
import { REFERENCE_LISTS, type ReferenceListName } from '#shared/schemas/reference-lists.ts';

addNamespace('admin');

const listPath = (list: ReferenceListName) => `/${REFERENCE_LISTS[list].adminSegment}`;

/**
 * /sites/new and /sites/:id/edit (docs/product.md R52–R54), behind the admin guard in the router. The
 * site's own closures (another feature) sit in its form.
 */
export function SiteFormScreen() {
  const { id } = useParams();
  const siteId = id === undefined ? undefined : (parseId(id) ?? Number.NaN);
  return (
    <SiteEditor
      key={id ?? 'new'}
      id={siteId}
      listPath={listPath}
      closures={(context) => <SiteClosures {...context} />}
    />
  );
}
