import { useMemo } from 'react';
import { MenuGridScreen } from '#client/features/admin-menus/components/menu-grid-screen.tsx';
import { partnersOfSites } from '#client/features/admin-menus/model/menu-grid.ts';
import { useMySites } from '#client/features/partner-sites/api/my-sites.ts';
import { useReferenceList } from '#client/features/sites/api/get-reference-list.ts';
import { useSites } from '#client/features/sites/api/get-sites.ts';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';

addNamespace('admin');
addNamespace('admin-menus');
addNamespace('validation');

/**
 * /my-sites/menus: the month grid for a partner manager's own nutrition partners only (R673): the
 * partners of the sites /api/my-sites answers, as the directory lists them. The server refuses any other.
 */
export function MyMenusScreen() {
  const mine = useMySites();
  const sites = useSites();
  const partners = useReferenceList('nutritionpartners');
  const mealTypes = useReferenceList('mealtypes');
  const own = useMemo(
    () => mine.data && sites.data && partners.data && partnersOfSites(mine.data, sites.data, partners.data),
    [mine.data, sites.data, partners.data],
  );
  return (
    <MenuGridScreen
      partners={own}
      sites={sites.data}
      mealTypes={mealTypes.data}
      listsFailed={Boolean(mine.error || sites.error || partners.error || mealTypes.error)}
    />
  );
}
