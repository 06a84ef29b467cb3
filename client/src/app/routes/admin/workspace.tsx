import { WorkspaceScreen as Workspace } from '#client/features/workspace/components/workspace-screen.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';

addNamespace('admin');
addNamespace('admin-workspace');
addNamespace('admin-proposals');
// The reports queue names reasons in the public form's words.
addNamespace('reports');

/** /admin: the staff workspace, behind the admin guard (docs/product.md R194). */
export function WorkspaceScreen() {
  return <Workspace />;
}
