import { Navigate, Route, Routes } from 'react-router';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS, type ReferenceListName } from '#shared/reference-lists.ts';
import { Layout } from '../components/layout/layout.tsx';
import { RequireUser } from '../features/auth/guards.tsx';
import { lazyChunk } from '../lib/lazy.ts';
import { AboutScreen } from './routes/about.tsx';
import { AccessibilityScreen } from './routes/accessibility.tsx';
import { ContactScreen } from './routes/contact.tsx';
import { HomeScreen } from './routes/home.tsx';
import { NotFoundScreen } from './routes/not-found.tsx';
import { PartnersScreen } from './routes/partners.tsx';
import { PrivacyScreen } from './routes/privacy.tsx';
import { SiteDetailScreen } from './routes/site-detail.tsx';
import { SitesScreen } from './routes/sites.tsx';

// Public screens are in the first bundle; sign-in, account and admin screens load lazily (docs/product.md R13).
const LogoutScreen = lazyChunk(
  'logout',
  () => import('./routes/logout.tsx'),
  (m) => m.LogoutScreen,
);
const LoginScreen = lazyChunk(
  'login',
  () => import('./routes/login.tsx'),
  (m) => m.LoginScreen,
);
const ForgotPasswordScreen = lazyChunk(
  'forgot-password',
  () => import('./routes/forgot-password.tsx'),
  (m) => m.ForgotPasswordScreen,
);
const ResetPasswordScreen = lazyChunk(
  'reset-password',
  () => import('./routes/reset-password.tsx'),
  (m) => m.ResetPasswordScreen,
);
const AccountScreen = lazyChunk(
  'account',
  () => import('./routes/account.tsx'),
  (m) => m.AccountScreen,
);
const SiteFormScreen = lazyChunk(
  'site-form',
  () => import('./routes/admin/site-form.tsx'),
  (m) => m.SiteFormScreen,
);
const MySitesRoutes = lazyChunk(
  'my-sites',
  () => import('./routes/my-sites.tsx'),
  (m) => m.MySitesRoutes,
);
const ConfirmScreen = lazyChunk(
  'confirm',
  () => import('./routes/confirm.tsx'),
  (m) => m.ConfirmScreen,
);
const SiteHistoryScreen = lazyChunk(
  'history',
  () => import('./routes/admin/history.tsx'),
  (m) => m.SiteHistoryScreen,
);
// The screens under /admin come with their own routes, in one chunk (app/admin-routes.tsx).
const AdminRoutes = lazyChunk(
  'admin-routes',
  () => import('./admin-routes.tsx'),
  (m) => m.AdminRoutes,
);
const ReferenceFormScreen = lazyChunk(
  'reference-form',
  () => import('./routes/admin/reference-form.tsx'),
  (m) => m.ReferenceFormScreen,
);

/** The URL segment of each reference-list editor (the registry's `adminSegment`) and the list it edits. */
const REFERENCE_ROUTES = Object.fromEntries(
  REFERENCE_LIST_NAMES.map((list) => [REFERENCE_LISTS[list].adminSegment, list]),
) as Record<string, ReferenceListName>;

const admin = (element: React.ReactNode) => <RequireUser admin>{element}</RequireUser>;

/**
 * Declarative routes (<Routes>): React Router's data router costs ~16 KB more gzipped on the first
 * screen and we use none of its loaders (docs/decisions/003-client-bundle.md).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<HomeScreen />} />
        <Route path="/about" element={<AboutScreen />} />
        <Route path="/sites" element={<SitesScreen />} />
        <Route path="/sites/new" element={admin(<SiteFormScreen />)} />
        <Route path="/sites/:id" element={<SiteDetailScreen />} />
        <Route path="/sites/:id/edit" element={admin(<SiteFormScreen />)} />
        <Route path="/sites/:id/history" element={admin(<SiteHistoryScreen />)} />
        <Route path="/partners" element={<PartnersScreen />} />
        <Route path="/admin/*" element={admin(<AdminRoutes />)} />
        <Route path="/contact" element={<ContactScreen />} />
        <Route path="/accessibility" element={<AccessibilityScreen />} />
        <Route path="/privacy" element={<PrivacyScreen />} />
        {Object.entries(REFERENCE_ROUTES).flatMap(([segment, list]) => [
          <Route
            key={`${segment}-new`}
            path={`/${segment}/new`}
            element={admin(<ReferenceFormScreen key={`${list}-new`} list={list} />)}
          />,
          <Route
            key={`${segment}-edit`}
            path={`/${segment}/:id/edit`}
            element={admin(<ReferenceFormScreen key={`${list}-edit`} list={list} />)}
          />,
        ])}
        <Route path="/confirm/:token" element={<ConfirmScreen />} />
        <Route path="/login" element={<LoginScreen />} />
        <Route path="/logout" element={<LogoutScreen />} />
        <Route path="/passwords" element={<Navigate to="/passwords/forgot" replace />} />
        <Route path="/passwords/forgot" element={<ForgotPasswordScreen />} />
        <Route path="/passwords/reset/:token" element={<ResetPasswordScreen />} />
        <Route path="/invitation/:token" element={<ResetPasswordScreen invitation />} />
        <Route path="/account/*" element={<RequireUser>{<AccountScreen />}</RequireUser>} />
        <Route path="/my-sites/*" element={<RequireUser>{<MySitesRoutes />}</RequireUser>} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
