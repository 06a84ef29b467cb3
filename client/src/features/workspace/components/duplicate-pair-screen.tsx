import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '#client/components/admin/confirm-dialog.tsx';
import { afterAdminWrite } from '#client/lib/after-admin-write.ts';
import { ApiError } from '#client/lib/api.ts';
import { localizedNames } from '#client/lib/localized.tsx';
import { hoursOnOneLine } from '#shared/format-hours.ts';
import { formatPhone } from '#shared/phone.ts';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS } from '#shared/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { markNotDuplicate, mergeSites, usePair } from '../api/workspace.ts';
import '#client/components/admin/admin.css';
import '../workspace.css';

/** One site of the pair, as a description list staff can compare line by line. */
function SiteFacts({ site, language }: { site: Site; language: string }) {
  const { t } = useTranslation('admin-workspace');
  const hours = hoursOnOneLine(site.Hours, language);
  const rows: [string, string][] = [
    [t('duplicates.address'), site.address],
    [t('duplicates.phone'), formatPhone(site.phoneNumber) || site.phoneNumber],
    [t('duplicates.email'), site.email ?? ''],
    [t('duplicates.website'), site.website ?? ''],
    [t('duplicates.hours'), hours],
    ...REFERENCE_LIST_NAMES.map((list): [string, string] => [
      t(`admin:${REFERENCE_LISTS[list].i18n.admin.plural}`),
      localizedNames(site[REFERENCE_LISTS[list].siteKey] as { name: string }[], language)
        .map((item) => item.text)
        .join(', '),
    ]),
  ];
  return (
    <section className="duplicate-site" aria-labelledby={`duplicate-site-${site.id}`}>
      <h2 id={`duplicate-site-${site.id}`}>
        <Link to={`/sites/${site.id}`}>{site.name}</Link>
      </h2>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || t('duplicates.none')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

type Outcome = { kind: 'apart' } | { kind: 'merged'; keep: Site; merged: Site };

/**
 * /admin/duplicates/{id}/{otherId}: two sites the duplicate rule finds alike, side by side, and what
 * staff decide (docs/product.md R575–R576): not a duplicate, or merge one into the other after a
 * confirmation that says what happens. The outcome is said in the status region; a failure in an alert.
 */
export function DuplicatePairScreen({ siteId, otherId }: { siteId: number; otherId: number }) {
  const { t, i18n } = useTranslation('admin-workspace');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const client = useQueryClient();
  const pair = usePair(siteId, otherId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [merging, setMerging] = useState<{ keep: Site; merged: Site } | null>(null);

  const failed = (failure: unknown) =>
    setError(
      failure instanceof ApiError && (failure.status === 409 || failure.status === 404)
        ? t('duplicates.changedSince')
        : t('duplicates.failed'),
    );

  const apart = async () => {
    setBusy(true);
    setError('');
    try {
      await markNotDuplicate(siteId, otherId);
      setOutcome({ kind: 'apart' });
      void afterAdminWrite(client);
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(false);
    }
  };

  const merge = async (keep: Site, merged: Site) => {
    setBusy(true);
    setError('');
    try {
      const kept = await mergeSites(keep, merged);
      setOutcome({ kind: 'merged', keep: kept, merged });
      void afterAdminWrite(client);
    } catch (failure) {
      failed(failure);
      void pair.refetch();
    } finally {
      setBusy(false);
      setMerging(null);
    }
  };

  const sites = pair.data;
  const status =
    outcome?.kind === 'apart' && sites
      ? t('duplicates.markedApart', { a: sites[0].name, b: sites[1].name })
      : outcome?.kind === 'merged'
        ? t('duplicates.merged', { keep: outcome.keep.name, merged: outcome.merged.name })
        : '';
  return (
    <section className="admin-form duplicate-pair" aria-labelledby="duplicates-title">
      <h1 id="duplicates-title">{t('duplicates.title')}</h1>
      <p>{t('duplicates.intro')}</p>
      <p>
        <Link to="/admin">{t('trash.back')}</Link>
      </p>
      <p role="status" className={status ? 'alert alert--success' : 'workspace-announcement'}>
        {status}
        {outcome?.kind === 'merged' && (
          <>
            {' '}
            <Link to={`/sites/${outcome.keep.id}`}>
              {t('duplicates.seeKept', { name: outcome.keep.name })}
            </Link>
          </>
        )}
      </p>
      {error && (
        <div role="alert" className="alert alert--error">
          <p>{error}</p>
        </div>
      )}
      {pair.error && !outcome ? (
        <div role="alert" className="alert alert--error">
          <p>{t('duplicates.loadFailed')}</p>
        </div>
      ) : !sites ? (
        <p>{t('common:loading')}</p>
      ) : (
        !outcome && (
          <>
            <div className="duplicate-sites">
              <SiteFacts site={sites[0]} language={language} />
              <SiteFacts site={sites[1]} language={language} />
            </div>
            <h2>{t('duplicates.decide')}</h2>
            <div className="workspace-actions">
              <button
                type="button"
                className="button"
                aria-disabled={busy || undefined}
                onClick={() => !busy && void apart()}
              >
                {t('duplicates.notDuplicate')}
              </button>
              {[
                [sites[0], sites[1]],
                [sites[1], sites[0]],
              ].map(([keep, merged]) => (
                <button
                  key={keep!.id}
                  type="button"
                  className="button button--secondary"
                  onClick={() => setMerging({ keep: keep!, merged: merged! })}
                >
                  {t('duplicates.keep', { keep: keep!.name, merged: merged!.name })}
                </button>
              ))}
            </div>
          </>
        )
      )}
      <ConfirmDialog
        open={merging !== null}
        title={t('duplicates.mergeTitle', { keep: merging?.keep.name, merged: merging?.merged.name })}
        confirmLabel={t('duplicates.mergeConfirm')}
        cancelLabel={t('trash.cancel')}
        busy={busy}
        onConfirm={() => merging && !busy && void merge(merging.keep, merging.merged)}
        onCancel={() => setMerging(null)}
      >
        <p>{t('duplicates.mergeText', { keep: merging?.keep.name, merged: merging?.merged.name })}</p>
      </ConfirmDialog>
    </section>
  );
}
