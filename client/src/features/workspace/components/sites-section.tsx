import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '#client/lib/api.ts';
import { siteNameText } from '#client/lib/localized.tsx';
import { missingFactsText } from '#client/lib/site-facts-text.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { WORKSPACE_SEARCH_MAX } from '#shared/schemas/workspace.ts';
import { requestConfirmation, useWorkspaceSites } from '../api/workspace.ts';
import { agencyDate, formatDate } from '../model/dates.ts';
import { SITE_FLAGS, type SiteFlag, siteFlags, type WorkspaceSite } from '../model/workspace.ts';

/** How long the name search waits after the last key before asking the server (R741). */
const SEARCH_DELAY_MS = 250;

/** What a confirmation request came to: the address it went to, or why it did not go. */
type RequestResult = { ok: true; text: string } | { ok: false; text: string };

function SiteRow({
  site,
  names,
  today,
  days,
  onConfirm,
  onAnnounce,
}: {
  site: WorkspaceSite;
  /** The names of the other sites its possible duplicates point to, by id. */
  names: Readonly<Record<string, string>>;
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
                      <Link to={`/sites/${id}`}>{names[id] ?? `#${id}`}</Link> (
                      <Link to={`/admin/duplicates/${site.id}/${id}`}>
                        {t('sites.compare')}
                        <span className="visually-hidden">
                          {' '}
                          {t('sites.compareWith', { name: names[id] ?? `#${id}` })}
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
 * The sites, searchable by name in any language and narrowed by what needs attention
 * (docs/product.md R195), a page at a time from the server (R740–R742): each with its last
 * confirmation, its flags, Edit, Confirm and "Send confirmation request"; "Show more" adds the next
 * page. The choices are the screen's own, as before: the address does not change.
 */
export function SitesSection({
  today,
  defaultDays,
  onConfirm,
  onAnnounce,
}: {
  today: string;
  defaultDays: number;
  onConfirm: (site: WorkspaceSite) => void;
  onAnnounce: (text: string) => void;
}) {
  const { t } = useTranslation('admin-workspace');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [flags, setFlags] = useState<SiteFlag[]>([]);
  const [daysText, setDaysText] = useState(String(defaultDays));
  const searchId = useId();
  const daysId = useId();
  const days = Number.parseInt(daysText, 10);
  const validDays = Number.isInteger(days) && days >= 0 && days <= 36_500 ? days : defaultDays;

  // The name search asks the server once typing pauses, not at every key.
  useEffect(() => {
    const timer = setTimeout(() => setQ(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const sites = useWorkspaceSites({ q, show: flags, days: validDays });
  const pages = sites.data?.pages ?? [];
  const first = pages[0];
  const shown = pages.flatMap((page) => page.sites);
  const names = Object.assign({}, ...pages.map((page) => page.names)) as Record<string, string>;
  const remaining = first ? first.matching - shown.length : 0;

  const toggle = (flag: SiteFlag, on: boolean) =>
    setFlags((current) =>
      on ? SITE_FLAGS.filter((f) => f === flag || current.includes(f)) : current.filter((f) => f !== flag),
    );
  const flagLabel = (flag: SiteFlag, words: string) => {
    const count = first?.counts[flag];
    return count === undefined ? words : t('sites.flagCount', { label: words, count });
  };

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
            maxLength={WORKSPACE_SEARCH_MAX}
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
              <span>{flagLabel('notConfirmed', t('sites.filters.notConfirmed', { count: validDays }))}</span>
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
              max={36_500}
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
              <span>{flagLabel(flag, t(`sites.filters.${flag}`))}</span>
            </label>
          ))}
        </fieldset>
      </search>
      {first ? (
        <>
          <p role="status" className="workspace-count">
            {t('sites.count', { count: first.matching, total: first.total })}
          </p>
          {shown.length > 0 ? (
            <ul className="workspace-sites">
              {shown.map((site) => (
                <SiteRow
                  key={site.id}
                  site={site}
                  names={names}
                  today={today}
                  days={first.days}
                  onConfirm={onConfirm}
                  onAnnounce={onAnnounce}
                />
              ))}
            </ul>
          ) : (
            <p>{t('sites.none')}</p>
          )}
          {sites.isFetchNextPageError && (
            <div role="alert" className="alert alert--error">
              <p>{t('sites.moreFailed')}</p>
            </div>
          )}
          {remaining > 0 && (
            <p>
              <button
                type="button"
                className="button button--secondary"
                aria-disabled={sites.isFetchingNextPage || undefined}
                onClick={() => {
                  if (!sites.isFetchingNextPage) void sites.fetchNextPage();
                }}
              >
                {sites.isFetchingNextPage
                  ? t('common:loading')
                  : t('sites.showMore', { count: Math.min(first.limit, remaining) })}
              </button>
            </p>
          )}
        </>
      ) : sites.error ? (
        <div role="alert" className="alert alert--error">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void sites.refetch()}>
            {t('common:errors.retry')}
          </button>
        </div>
      ) : (
        <p>{t('common:loading')}</p>
      )}
    </section>
  );
}
