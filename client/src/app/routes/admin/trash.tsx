import { TrashScreen as Trash } from '#client/features/workspace/components/trash-screen.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';

addNamespace('admin');
addNamespace('admin-workspace');

/** /admin/trash: the deleted sites, restorable for 90 days, behind the admin guard (docs/product.md R553). */
export function TrashScreen() {
  return <Trash />;
}
