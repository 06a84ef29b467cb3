import { useMemo } from 'react';
import { MenuGridScreen } from '#client/features/admin-menus/components/menu-grid-screen.tsx';
import { partnersOfSites } from '#client/features/admin-menus/model/menu-grid.ts';
import { useMySites } from '#client/features/partner-sites/api/my-sites.ts';
import { useReferenceList } from '#client/features/sites/api/get-reference-list.ts';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';

addNamespace('admin');
addNamespace('admin-menus');
addNamespace('validation');

/**
 * /my-sites/menus: the month grid for a partner manager's own nutrition partners only (R673, R728):
 * their partners that list one of the sites /api/my-sites answers, never the whole directory. The
 * server refuses any other.
 */
export function MyMenusScreen() {
  const mine = useMySites();
  const partners = useReferenceList('nutritionpartners');
  const mealTypes = useReferenceList('mealtypes');
  const own = useMemo(
    () => mine.data && partners.data && partnersOfSites(mine.data, partners.data),
    [mine.data, partners.data],
  );
  return (
    <MenuGridScreen
      partners={own}
      mealTypes={mealTypes.data}
      listsFailed={Boolean(mine.error || partners.error || mealTypes.error)}
    />
  );
}
