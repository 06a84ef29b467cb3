import { StaffAccountsScreen as Screen } from '#client/features/admin-users/components/staff-accounts-screen.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';

addNamespace('admin');
addNamespace('admin-users');

/** /admin/users: staff accounts, for administrators only (docs/product.md R580–R589). */
export function StaffAccountsScreen() {
  return <Screen />;
}
