import { Route, Routes } from 'react-router';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS } from '#shared/reference-lists.ts';
import { RequireUser } from '../features/auth/guards.tsx';
import { lazyChunk } from '../lib/lazy.ts';
import { NotFoundScreen } from './routes/not-found.tsx';

/*
 * The staff screens under /admin, in a chunk of their own loaded with the first of them: their routes
 * and chunk names cost the public pages nothing (docs/decisions/003-client-bundle.md). The router
 * mounts them at /admin/* behind the staff guard; the paths here are relative to /admin.
 */

const WorkspaceScreen = lazyChunk(
  'workspace',
  () => import('./routes/admin/workspace.tsx'),
  (m) => m.WorkspaceScreen,
);
const ClosuresScreen = lazyChunk(
  'closures',
  () => import('./routes/admin/closures.tsx'),
  (m) => m.ClosuresScreen,
);
const ImportScreen = lazyChunk(
  'import',
  () => import('./routes/admin/import.tsx'),
  (m) => m.ImportScreen,
);
const TrashScreen = lazyChunk(
  'trash',
  () => import('./routes/admin/trash.tsx'),
  (m) => m.TrashScreen,
);
const DuplicatesScreen = lazyChunk(
  'duplicates',
  () => import('./routes/admin/duplicates.tsx'),
  (m) => m.DuplicatesScreen,
);
const ProposalsScreen = lazyChunk(
  'proposals',
  () => import('./routes/admin/proposals.tsx'),
  (m) => m.ProposalsScreen,
);
const ProposalScreen = lazyChunk(
  'proposals',
  () => import('./routes/admin/proposals.tsx'),
  (m) => m.ProposalScreen,
);
const StaffAccountsScreen = lazyChunk(
  'staff-accounts',
  () => import('./routes/admin/staff-accounts.tsx'),
  (m) => m.StaffAccountsScreen,
);
const SettingsScreen = lazyChunk(
  'settings',
  () => import('./routes/admin/settings.tsx'),
  (m) => m.SettingsScreen,
);
const MenusScreen = lazyChunk(
  'menus',
  () => import('./routes/admin/menus.tsx'),
  (m) => m.MenusScreen,
);
const ItemHistoryScreen = lazyChunk(
  'history',
  () => import('./routes/admin/history.tsx'),
  (m) => m.ItemHistoryScreen,
);

/** /admin and the screens under it (the router's staff guard is already passed). */
export function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<WorkspaceScreen />} />
      <Route path="closures" element={<ClosuresScreen />} />
      <Route path="import" element={<ImportScreen />} />
      <Route path="trash" element={<TrashScreen />} />
      <Route path="duplicates/:id/:otherId" element={<DuplicatesScreen />} />
      <Route path="menus" element={<MenusScreen />} />
      <Route path="proposals" element={<ProposalsScreen />} />
      <Route path="proposals/:id" element={<ProposalScreen />} />
      <Route
        path="users"
        element={
          <RequireUser admin onlyRole="admin">
            <StaffAccountsScreen />
          </RequireUser>
        }
      />
      <Route
        path="settings"
        element={
          <RequireUser admin onlyRole="admin">
            <SettingsScreen />
          </RequireUser>
        }
      />
      {REFERENCE_LIST_NAMES.map((list) => (
        <Route
          key={list}
          path={`${REFERENCE_LISTS[list].adminSegment}/:id/history`}
          element={<ItemHistoryScreen list={list} />}
        />
      ))}
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
}
