import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '#client/lib/api.ts';
import { siteNameText } from '#client/lib/localized.tsx';
import { missingFactsText } from '#client/lib/site-facts-text.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { requestConfirmation } from '../api/workspace.ts';
import { agencyDate, formatDate } from '../model/dates.ts';
import {
  filterWorkspaceSites,
  SITE_FLAGS,
  type SiteFlag,
  siteFlags,
  type WorkspaceSite,
} from '../model/workspace.ts';

/** What a confirmation request came to: the address it went to, or why it did not go. */
type RequestResult = { ok: true; text: string } | { ok: false; text: string };

function SiteRow({
  site,
  byId,
  today,
  days,
  onConfirm,
  onAnnounce,
}: {
  site: WorkspaceSite;
  byId: ReadonlyMap<number, WorkspaceSite>;
  today: string;
  days: number;
  onConfirm: (site: WorkspaceSite) => void;
  onAnnounce: (text: string) => void;
}) {
  const { t, i18n } = useTranslation('admin-workspace');
  const language = i18n.resolvedLanguage;
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<RequestResult | null>(null);
  const confirmed = site.confirmedAt ? agencyDate(site.confirmedAt) : null;
  const flags = siteFlags(site, confirmed, today, days);
  const name = siteNameText(site, language);

  const send = async () => {
    if (sending) return;
    setSending(true);
    try {
      const { sentTo } = await requestConfirmation(site.id);
      const text = t('sites.requestSent', { email: sentTo });
      setResult({ ok: true, text });
      onAnnounce(text);
    } catch (error) {
      const text =
        error instanceof ApiError && error.status === 422
          ? t('sites.noEmail')
          : error instanceof ApiError && error.status === 429
            ? t('sites.tooManyRequests')
            : t('common:errors.generic');
      setResult({ ok: false, text });
      onAnnounce(text);
    } finally {
      setSending(false);
    }
  };

  const shownFlags = SITE_FLAGS.filter((flag) => flag !== 'notConfirmed' && flags[flag]);
  return (
    <li className="workspace-site">
      <h3 className="workspace-site__name">
        <Link to={`/sites/${site.id}`}>{name}</Link>
      </h3>
      <p
        className={
          flags.notConfirmed ? 'workspace-site__checked workspace-flag--warn' : 'workspace-site__checked'
        }
      >
        {confirmed
          ? t('sites.confirmedOn', { date: formatDate(confirmed, language) })
          : t('sites.neverConfirmed')}
      </p>
      {shownFlags.length > 0 && (
        <ul className="workspace-flags" aria-label={t('sites.flagsLabel')}>
          {shownFlags.map((flag) => (
            <li key={flag} className="workspace-flag">
              {flag === 'openReports' ? (
                t('sites.flags.openReports', { count: site.openReports })
              ) : flag === 'duplicate' ? (
                <>
                  {t('sites.flags.duplicate')}{' '}
                  {site.possibleDuplicates.map((id, index) => (
                    <span key={id}>
                      {index > 0 && ', '}
                      <Link to={`/sites/${id}`}>{byId.get(id)?.name ?? `#${id}`}</Link> (
                      <Link to={`/admin/duplicates/${site.id}/${id}`}>
                        {t('sites.compare')}
                        <span className="visually-hidden">
                          {' '}
                          {t('sites.compareWith', { name: byId.get(id)?.name ?? `#${id}` })}
                        </span>
                      </Link>
                      )
                    </span>
                  ))}
                </>
              ) : flag === 'factsMissing' ? (
                <>
                  {t('sites.flags.factsMissing', { facts: missingFactsText(site.missingFacts, t, language) })}{' '}
                  <Link to={`/sites/${site.id}/edit#facts-heading`}>
                    {t('sites.enterFacts')}
                    <span className="visually-hidden"> {name}</span>
                  </Link>
                </>
              ) : (
                t(`sites.flags.${flag}`)
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="workspace-actions">
        <Link className="button button--secondary" to={`/sites/${site.id}/edit`}>
          {t('edit')}
          <span className="visually-hidden"> {name}</span>
        </Link>
        <button type="button" className="button button--secondary" onClick={() => onConfirm(site)}>
          {t('sites.confirm')}
          <span className="visually-hidden"> {name}</span>
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={sending || undefined}
          onClick={() => void send()}
        >
          {sending ? t('sites.sending') : t('sites.request')}
          <span className="visually-hidden"> {name}</span>
        </button>
      </div>
      {result && (
        <p className={result.ok ? 'workspace-result' : 'workspace-result field-error'}>{result.text}</p>
      )}
    </li>
  );
}

/**
 * Every site, searchable by name in any language and narrowed by what needs attention
 * (docs/product.md R195): each with its last confirmation, its flags, Edit, Confirm and "Send
 * confirmation request".
 */
export function SitesSection({
  sites,
  today,
  defaultDays,
  onConfirm,
  onAnnounce,
}: {
  sites: readonly WorkspaceSite[];
  today: string;
  defaultDays: number;
  onConfirm: (site: WorkspaceSite) => void;
  onAnnounce: (text: string) => void;
}) {
  const { t } = useTranslation('admin-workspace');
  const [search, setSearch] = useState('');
  const [flags, setFlags] = useState<SiteFlag[]>([]);
  const [daysText, setDaysText] = useState(String(defaultDays));
  const searchId = useId();
  const daysId = useId();
  const days = Number.parseInt(daysText, 10);
  const validDays = Number.isInteger(days) && days >= 0 ? days : defaultDays;
  const byId = useMemo(() => new Map(sites.map((site) => [site.id, site])), [sites]);
  const shown = useMemo(
    () => filterWorkspaceSites(sites, { search, flags, days: validDays }, today, agencyDate),
    [sites, search, flags, validDays, today],
  );
  const toggle = (flag: SiteFlag, on: boolean) =>
    setFlags((current) =>
      on ? SITE_FLAGS.filter((f) => f === flag || current.includes(f)) : current.filter((f) => f !== flag),
    );

  return (
    <section className="workspace-section" aria-labelledby="workspace-sites">
      <h2 id="workspace-sites">{t('sites.heading')}</h2>
      <ul className="workspace-links">
        <li>
          <Link to="/sites/new">{t('sites.add')}</Link>
        </li>
        <li>
          <Link to="/admin/import">{t('sites.import')}</Link>
        </li>
        <li>
          <a href={apiPaths.sitesExport('csv')} download>
            {t('sites.csv')}
          </a>
        </li>
        <li>
          <a href={apiPaths.sitesExport('xlsx')} download>
            {t('sites.excel')}
          </a>
        </li>
      </ul>
      <search className="workspace-search">
        <div className="field">
          <label htmlFor={searchId}>{t('sites.search')}</label>
          <input
            id={searchId}
            type="search"
            value={search}
            autoComplete="off"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <fieldset className="workspace-choices">
          <legend>{t('sites.showOnly')}</legend>
          <div className="workspace-days">
            <label className="workspace-choice">
              <input
                type="checkbox"
                checked={flags.includes('notConfirmed')}
                onChange={(event) => toggle('notConfirmed', event.target.checked)}
              />
              <span>{t('sites.filters.notConfirmed', { count: validDays })}</span>
            </label>
            <label htmlFor={daysId} className="workspace-days__label">
              {t('sites.days')}
            </label>
            <input
              id={daysId}
              className="workspace-days__input"
              type="number"
              inputMode="numeric"
              min={0}
              value={daysText}
              onChange={(event) => setDaysText(event.target.value)}
            />
          </div>
          {SITE_FLAGS.filter((flag) => flag !== 'notConfirmed').map((flag) => (
            <label key={flag} className="workspace-choice">
              <input
                type="checkbox"
                checked={flags.includes(flag)}
                onChange={(event) => toggle(flag, event.target.checked)}
              />
              <span>{t(`sites.filters.${flag}`)}</span>
            </label>
          ))}
        </fieldset>
      </search>
      <p role="status" className="workspace-count">
        {t('sites.count', { count: shown.length, total: sites.length })}
      </p>
      {shown.length > 0 ? (
        <ul className="workspace-sites">
          {shown.map((site) => (
            <SiteRow
              key={site.id}
              site={site}
              byId={byId}
              today={today}
              days={validDays}
              onConfirm={onConfirm}
              onAnnounce={onAnnounce}
            />
          ))}
        </ul>
      ) : (
        <p>{t('sites.none')}</p>
      )}
    </section>
  );
}
