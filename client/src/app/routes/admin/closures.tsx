import { ClosuresScreen as Closures } from '#client/features/admin-closures/components/closures-screen.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';

addNamespace('admin');

/** /admin/closures: current and upcoming closures and the usual holidays, behind the admin guard. */
export function ClosuresScreen() {
  return <Closures />;
}
