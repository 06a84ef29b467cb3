import { ImportScreen as Import } from '#client/features/imports/components/import-screen.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';

addNamespace('admin');
addNamespace('admin-imports');
addNamespace('admin-facts');

/** /admin/import: spreadsheet import with a preview, behind the admin guard (docs/product.md R238). */
export function ImportScreen() {
  return <Import />;
}
