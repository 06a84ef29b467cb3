import { SettingsScreen as Screen } from '#client/features/admin-users/components/settings-screen.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';

addNamespace('admin');
addNamespace('admin-users');

/** /admin/settings: the deployment settings, read only, for administrators (docs/product.md R609). */
export function SettingsScreen() {
  return <Screen />;
}
