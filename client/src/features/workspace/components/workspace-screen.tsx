import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { afterAdminWrite } from '#client/lib/after-admin-write.ts';
import { ApiError } from '#client/lib/api.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { confirmSite, useWorkspace, workspaceKeys } from '../api/workspace.ts';
import { agencyDate, staleAfterDays } from '../model/dates.ts';
import type { ConfirmationMethod, WorkspaceSitesPage } from '../model/workspace.ts';
import { ConfirmSiteDialog } from './confirm-site-dialog.tsx';
import { HolidaysSection } from './holidays-section.tsx';
import { ListsSection } from './lists-section.tsx';
import { ProposalsSection } from './proposals-section.tsx';
import { ReportsSection } from './reports-section.tsx';
import { SitesSection } from './sites-section.tsx';
import '#client/components/admin/admin.css';
import '../workspace.css';

/**
 * /admin, the staff workspace (docs/product.md R194): sites to keep true, the reference lists, the
 * reports from the public, the proposed changes, closures, and the trash of deleted sites, as headed sections with a local
 * navigation.
 */
export function WorkspaceScreen({ today = agencyDate() ?? '' }: { today?: string }) {
  const { t } = useTranslation('admin-workspace');
  const client = useQueryClient();
  const workspace = useWorkspace();
  const [announcement, setAnnouncement] = useState('');
  const [confirming, setConfirming] = useState<{ id: number; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const confirm = async (body: { method: ConfirmationMethod; note?: string }) => {
    if (!confirming) return;
    setBusy(true);
    setError('');
    try {
      const site = await confirmSite(confirming.id, body);
      // The row shows its new date at once, on whichever loaded page of whichever search holds it.
      client.setQueriesData<InfiniteData<WorkspaceSitesPage>>(
        { queryKey: workspaceKeys.sitesAll },
        (current) =>
          current
            ? {
                ...current,
                pages: current.pages.map((page) => ({
                  ...page,
                  sites: page.sites.map((s) =>
                    s.id === site.id ? { ...s, confirmedAt: site.confirmedAt } : s,
                  ),
                })),
              }
            : current,
      );
      setAnnouncement(t('confirm.done', { name: confirming.name }));
      setConfirming(null);
      void afterAdminWrite(client);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 404
          ? t('confirm.gone')
          : t('common:errors.generic'),
      );
    } finally {
      setBusy(false);
    }
  };

  // Staff accounts are for administrators only, not editors (docs/product.md R580).
  const administrator = useCurrentUser().user?.role === 'admin';
  return (
    <div className="workspace">
      <h1>{t('title')}</h1>
      <nav aria-label={t('sectionsLabel')} className="workspace-nav">
        <ul>
          <li>
            <a href="#workspace-sites">{t('sites.heading')}</a>
          </li>
          <li>
            <a href="#workspace-lists">{t('lists.heading')}</a>
          </li>
          <li>
            <a href="#workspace-reports">{t('reports.heading')}</a>
          </li>
          <li>
            <a href="#workspace-proposals">{t('admin-proposals:workspace.heading')}</a>
          </li>
          <li>
            <a href="#workspace-closures">{t('closures.heading')}</a>
          </li>
          <li>
            <a href="#workspace-trash">{t('trash.heading')}</a>
          </li>
          {administrator && (
            <li>
              <a href="#workspace-staff">{t('staff.heading')}</a>
            </li>
          )}
        </ul>
      </nav>
      <p role="status" className={announcement ? 'alert alert--success' : 'workspace-announcement'}>
        {announcement}
      </p>
      <SitesSection
        today={today}
        defaultDays={staleAfterDays()}
        onConfirm={(site) => {
          setError('');
          setConfirming({ id: site.id, name: site.name });
        }}
        onAnnounce={setAnnouncement}
      />
      <ListsSection usage={workspace.data?.usage ?? {}} onAnnounce={setAnnouncement} />
      <ReportsSection
        onConfirmSite={(id, name) => {
          setError('');
          setConfirming({ id, name });
        }}
        onAnnounce={setAnnouncement}
      />
      <ProposalsSection />
      <section className="workspace-section" aria-labelledby="workspace-closures">
        <h2 id="workspace-closures">{t('closures.heading')}</h2>
        <p>{t('closures.text')}</p>
        <p>
          <Link to="/admin/closures">{t('closures.link')}</Link>
        </p>
        <HolidaysSection holidays={workspace.data?.holidays} />
      </section>
      <section className="workspace-section" aria-labelledby="workspace-menus">
        <h2 id="workspace-menus">{t('menus.heading')}</h2>
        <p>{t('menus.text')}</p>
        <p>
          <Link to="/admin/menus">{t('menus.link')}</Link>
        </p>
      </section>
      <section className="workspace-section" aria-labelledby="workspace-trash">
        <h2 id="workspace-trash">{t('trash.heading')}</h2>
        <p>{t('trash.text')}</p>
        <p>
          <Link to="/admin/trash">{t('trash.link')}</Link>
        </p>
      </section>
      {administrator && (
        <section className="workspace-section" aria-labelledby="workspace-staff">
          <h2 id="workspace-staff">{t('staff.heading')}</h2>
          <p>{t('staff.text')}</p>
          <p>
            <Link to="/admin/users">{t('staff.link')}</Link>
          </p>
          <p>
            <Link to="/admin/settings">{t('staff.settingsLink')}</Link>
          </p>
        </section>
      )}
      <ConfirmSiteDialog
        siteName={confirming?.name ?? null}
        busy={busy}
        error={error}
        onConfirm={(body) => void confirm(body)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
