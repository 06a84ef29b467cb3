import { DietMarksEditor } from '#client/features/admin-menus/components/diet-marks-editor.tsx';
import { MenuGridScreen } from '#client/features/admin-menus/components/menu-grid-screen.tsx';
import { useReferenceList } from '#client/features/sites/api/get-reference-list.ts';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';

addNamespace('admin');
addNamespace('admin-menus');
addNamespace('validation');

/**
 * /admin/menus: administrators and editors write any nutrition partner's month of menus (R665);
 * administrators also keep the agency's own diet marks there (R690–R691).
 */
export function MenusScreen() {
  const partners = useReferenceList('nutritionpartners');
  const mealTypes = useReferenceList('mealtypes');
  const { user } = useCurrentUser();
  return (
    <>
      <MenuGridScreen
        partners={partners.data}
        mealTypes={mealTypes.data}
        listsFailed={Boolean(partners.error || mealTypes.error)}
      />
      {user?.role === 'admin' && <DietMarksEditor />}
    </>
  );
}
