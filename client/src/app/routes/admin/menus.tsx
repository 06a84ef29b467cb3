import { MenuGridScreen } from '#client/features/admin-menus/components/menu-grid-screen.tsx';
import { useReferenceList } from '#client/features/sites/api/get-reference-list.ts';
import { useSites } from '#client/features/sites/api/get-sites.ts';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';

addNamespace('admin');
addNamespace('admin-menus');
addNamespace('validation');

/** /admin/menus: administrators and editors write any nutrition partner's month of menus (R665). */
export function MenusScreen() {
  const partners = useReferenceList('nutritionpartners');
  const mealTypes = useReferenceList('mealtypes');
  const sites = useSites();
  return (
    <MenuGridScreen
      partners={partners.data}
      sites={sites.data}
      mealTypes={mealTypes.data}
      listsFailed={Boolean(partners.error || mealTypes.error)}
    />
  );
}
