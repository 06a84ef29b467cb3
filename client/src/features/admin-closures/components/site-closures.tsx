import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClosures } from '../api/closures.ts';
import { byStartDate } from '../model/closures.ts';
import { ClosureAdder } from './closure-adder.tsx';
import { ClosureList } from './closure-list.tsx';
import '../admin-closures.css';

interface SiteClosuresProps {
  /** undefined for a site not saved yet: closures need its id. */
  siteId: number | undefined;
  /** Names of the ticked statuses that mean the site is closed (closesSite). */
  closingStatuses: readonly string[];
  /**
   * A partner manager's form (docs/product.md R608): the ids of their own sites. They remove only
   * closures of those sites, and the closures page is not theirs.
   */
  ownSiteIds?: ReadonlySet<number>;
}

/**
 * A site's own closures inside its form: listed (closures of all sites too, managed on the closures
 * page), added and removed at once, apart from the site's Submit. Warns when a status that means
 * "closed" is ticked and the site has no closure of its own, so visitors learn when it reopens.
 */
export function SiteClosures({ siteId, closingStatuses, ownSiteIds }: SiteClosuresProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const closures = useClosures(siteId, siteId !== undefined);
  const [announcement, setAnnouncement] = useState('');
  const saved = siteId !== undefined;
  const list = saved && closures.data ? byStartDate(closures.data) : [];
  const ownClosure = list.some((c) => !c.allSites);
  const closing = closingStatuses[0];
  const warning =
    closing === undefined || (saved && (!closures.data || ownClosure))
      ? ''
      : t(saved ? 'closures.statusWarning' : 'closures.statusWarningNew', { status: closing });

  return (
    <fieldset className="site-closures" aria-describedby={`${id}-intro`}>
      <legend>{t('closures.siteHeading')}</legend>
      <div aria-live="polite">{warning && <p className="alert alert--warning">{warning}</p>}</div>
      <p id={`${id}-intro`} className="field-hint">
        {ownSiteIds ? (
          t('closures.partnerIntro')
        ) : (
          <>
            {t('closures.siteIntro')} <Link to="/admin/closures">{t('closures.manageAll')}</Link>
          </>
        )}
      </p>
      {!saved ? (
        <p>{t('closures.siteSaveFirst')}</p>
      ) : (
        <>
          <p className="visually-hidden" aria-live="polite">
            {announcement}
          </p>
          {closures.data && list.length === 0 && <p>{t('closures.siteNone')}</p>}
          {list.length > 0 && (
            <ClosureList
              caption={t('closures.siteHeading')}
              closures={list}
              siteId={siteId}
              onRemoved={setAnnouncement}
              {...(ownSiteIds && {
                canRemove: (c) => !c.allSites && c.siteIds.every((site) => ownSiteIds.has(site)),
              })}
            />
          )}
          <ClosureAdder legend={t('closures.addHeading')} siteId={siteId} onAdded={setAnnouncement} />
        </>
      )}
    </fieldset>
  );
}
