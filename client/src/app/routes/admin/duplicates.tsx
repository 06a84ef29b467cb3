import { useParams } from 'react-router';
import { DuplicatePairScreen } from '#client/features/workspace/components/duplicate-pair-screen.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';
import { parseId } from '#shared/ids.ts';
import { NotFoundScreen } from '../not-found.tsx';

addNamespace('admin');
addNamespace('admin-workspace');

/** /admin/duplicates/{id}/{otherId}: two possible duplicates compared and decided (docs/product.md R575–R576). */
export function DuplicatesScreen() {
  const params = useParams();
  const siteId = parseId(params.id);
  const otherId = parseId(params.otherId);
  if (siteId === undefined || otherId === undefined || siteId === otherId) return <NotFoundScreen />;
  return <DuplicatePairScreen key={`${siteId}-${otherId}`} siteId={siteId} otherId={otherId} />;
}
