import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '#client/lib/api.ts';
import { fieldErrorMap } from '#client/lib/field-errors.ts';
import { updateReport, useReports, workspaceKeys } from '../api/workspace.ts';
import { formatInstant } from '../model/dates.ts';
import {
  nextStatuses,
  REPORT_NOTE_MAX,
  REPORT_STATUSES,
  type Report,
  type ReportStatus,
} from '../model/workspace.ts';
import { FixedByField } from './fixed-by-field.tsx';
import { ReportTrail } from './report-trail.tsx';

function ReportItem({
  report,
  onConfirmSite,
  onAnnounce,
}: {
  report: Report;
  onConfirmSite: (siteId: number, siteName: string) => void;
  onAnnounce: (text: string) => void;
}) {
  const { t, i18n } = useTranslation('admin-workspace');
  const client = useQueryClient();
  const [status, setStatus] = useState<ReportStatus>(report.status);
  // Each save adds its note to the report's notes (R541), so the box starts empty.
  const [note, setNote] = useState('');
  const [fixedBy, setFixedBy] = useState(report.fixedBy ? String(report.fixedBy.historyId) : '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const statusId = useId();
  const noteId = useId();
  const title = report.siteName ?? t('reports.general');

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const text = note.trim();
      // The fixing change is named when the report is resolved (R577); otherwise left as it is.
      const fix =
        status === 'resolved' && report.siteId !== null ? { fixedBy: fixedBy ? Number(fixedBy) : null } : {};
      await updateReport(report.id, { status, ...(text && { note: text }), ...fix });
      onAnnounce(t('reports.saved', { status: t(`reports.statuses.${status}`) }));
      await Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'reports'] }),
        client.invalidateQueries({ queryKey: workspaceKeys.workspace }),
      ]);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422 && failure.errors.length) {
        setError(Object.values(fieldErrorMap(failure.errors, t)).join(' '));
      } else setError(t('common:errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="workspace-report">
      <article aria-labelledby={`report-${report.id}`}>
        <h3 id={`report-${report.id}`} className="workspace-report__title">
          {report.siteId !== null ? <Link to={`/sites/${report.siteId}`}>{title}</Link> : title}
        </h3>
        {report.source === 'site-contact' && (
          // The link went to the site's own address, so staff can weigh the change accordingly (R496).
          <p className="workspace-report__source">
            <strong>{t('reports.fromContact')}</strong> {t('reports.fromContactHint')}
          </p>
        )}
        <dl className="workspace-report__facts">
          <dt>{t('reports.received')}</dt>
          <dd>{formatInstant(report.createdAt, i18n.resolvedLanguage)}</dd>
          <dt>{t('reports.status')}</dt>
          <dd>{t(`reports.statuses.${report.status}`)}</dd>
          <dt>{t('reports.reasons')}</dt>
          <dd>
            {report.reasons
              .map((reason) => t(`reports:reasons.${reason}`, { defaultValue: reason }))
              .join('; ')}
          </dd>
          {report.message && (
            <>
              <dt>{t('reports.message')}</dt>
              <dd className="workspace-report__message">{report.message}</dd>
            </>
          )}
          {report.contact && (
            <>
              <dt>{t('reports.contact')}</dt>
              <dd>{report.contact}</dd>
            </>
          )}
          {report.fixedBy && report.siteId !== null && (
            <>
              <dt>{t('reports.fixedBy')}</dt>
              <dd>
                <Link to={`/sites/${report.siteId}/history`}>
                  {t('reports.fixedByChange', {
                    date: formatInstant(report.fixedBy.createdAt, i18n.resolvedLanguage),
                    name: report.fixedBy.by?.name ?? t('reports.someone'),
                  })}
                </Link>
              </dd>
            </>
          )}
          {(report.notes.length > 0 || report.events.length > 0) && (
            <>
              <dt>{t('reports.trail')}</dt>
              <dd>
                <ReportTrail report={report} />
              </dd>
            </>
          )}
        </dl>
        {report.siteId !== null && (
          <p className="workspace-actions">
            <Link className="button button--secondary" to={`/sites/${report.siteId}/edit`}>
              {t('reports.editSite')}
              <span className="visually-hidden"> {title}</span>
            </Link>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => onConfirmSite(report.siteId!, title)}
            >
              {t('sites.confirm')}
              <span className="visually-hidden"> {title}</span>
            </button>
          </p>
        )}
        <form className="workspace-report__form" onSubmit={(event) => void save(event)}>
          <div className="field">
            <label htmlFor={statusId}>{t('reports.newStatus')}</label>
            <select
              id={statusId}
              value={status}
              onChange={(event) => setStatus(event.target.value as ReportStatus)}
            >
              {nextStatuses(report.status).map((value) => (
                <option key={value} value={value}>
                  {t(`reports.statuses.${value}`)}
                </option>
              ))}
            </select>
          </div>
          {status === 'resolved' && report.siteId !== null && (
            <FixedByField siteId={report.siteId} value={fixedBy} onChange={setFixedBy} />
          )}
          <div className="field">
            <label htmlFor={noteId}>{t('reports.noteLabel')}</label>
            <textarea
              id={noteId}
              rows={2}
              maxLength={REPORT_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {busy ? t('reports.saving') : t('reports.save')}
            <span className="visually-hidden"> {title}</span>
          </button>
        </form>
      </article>
    </li>
  );
}

/**
 * The reports from the public, newest first, filtered by status (docs/product.md R197): each with
 * its site, reasons, message, contact and time; what was done with it (R541); a status change with a
 * note added to its notes; Edit and Confirm for its site.
 */
export function ReportsSection({
  onConfirmSite,
  onAnnounce,
}: {
  onConfirmSite: (siteId: number, siteName: string) => void;
  onAnnounce: (text: string) => void;
}) {
  const { t } = useTranslation('admin-workspace');
  const [filter, setFilter] = useState<ReportStatus | 'all'>('all');
  const reports = useReports(filter);
  const filterId = useId();
  return (
    <section className="workspace-section" aria-labelledby="workspace-reports">
      <h2 id="workspace-reports">{t('reports.heading')}</h2>
      <div className="field">
        <label htmlFor={filterId}>{t('reports.filter')}</label>
        <select
          id={filterId}
          value={filter}
          onChange={(event) => setFilter(event.target.value as ReportStatus | 'all')}
        >
          <option value="all">{t('reports.all')}</option>
          {REPORT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`reports.statuses.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {reports.isPending && <p role="status">{t('common:loading')}</p>}
      {reports.error && (
        <div role="alert" className="alert alert--error">
          <p>{t('reports.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void reports.refetch()}>
            {t('common:errors.retry')}
          </button>
        </div>
      )}
      {reports.data && reports.data.length === 0 && <p>{t('reports.none')}</p>}
      {reports.data && reports.data.length > 0 && (
        <ul className="workspace-reports">
          {[...reports.data]
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
            .map((report) => (
              <ReportItem
                key={`${report.id}-${report.updatedAt}`}
                report={report}
                onConfirmSite={onConfirmSite}
                onAnnounce={onAnnounce}
              />
            ))}
        </ul>
      )}
    </section>
  );
}
