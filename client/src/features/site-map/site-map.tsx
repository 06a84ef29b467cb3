import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '#client/components/ui/error-boundary.tsx';
import { lazyChunk } from '#client/lib/lazy.ts';
import { MAP_CENTER, MAP_ZOOM } from '#shared/constants.ts';
import { withPosition } from '#shared/site-display.ts';
import { useMapSummary } from './api/map-marks.ts';
import type { MapSite } from './types.ts';
import './site-map.css';

/** Leaflet and its CSS are a separate chunk: not in the first bundle (the JavaScript budget, docs/product.md R89). */
const LeafletMap = lazyChunk(
  'site-map',
  () => import('./components/leaflet-map.tsx'),
  (m) => m.LeafletMap,
);

function MapFailure({ error }: { error: Error }) {
  const { t } = useTranslation('sites');
  return (
    <div role="alert" className="alert alert--error site-map__failure">
      <p>{t('map.failed')}</p>
      <p className="error-details">{t('map.details', { detail: error.message })}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('map.reload')}
      </button>
    </div>
  );
}

/**
 * How close the map may come to the screen before it starts loading: within one screen's height. On a
 * desktop the map beside the list, under the boxes and filters, is that close; on a phone it is after
 * the whole list and starts only when the visitor scrolls toward it.
 */
const START_MARGIN = '100% 0px';

/**
 * False on the server and in the first browser render (which must match the server's HTML). True once
 * the map is on or near the screen (or something in its section takes focus) and the browser has a
 * moment to spare: on a phone, where the map is below the list's introduction, Leaflet and its markers
 * then cost nothing — no download, no main-thread work — until the visitor scrolls to it.
 */
function useStartWhenNear() {
  const [ready, setReady] = useState(false);
  const section = useRef<HTMLElement>(null);
  const start = useCallback(() => setReady(true), []);
  useEffect(() => {
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startWhenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        idle = window.requestIdleCallback(start, { timeout: 1000 });
      } else timer = setTimeout(start, 1);
    };
    const element = section.current;
    let observer: IntersectionObserver | undefined;
    if (element && typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer?.disconnect();
          startWhenIdle();
        },
        { rootMargin: START_MARGIN },
      );
      observer.observe(element);
    } else startWhenIdle();
    return () => {
      observer?.disconnect();
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [start]);
  return { ready, section, start };
}

interface SiteMapProps {
  /** Sites without both coordinates are left off the map (and counted below it). */
  sites: readonly MapSite[];
  center?: { lat: number; lng: number };
  zoom?: number;
  /** Id of the element the 'Skip the map' link moves focus to. */
  skipTo?: string;
  /**
   * Whether to say how many sites are not on the map (the list shows them); on by default, above the map
   * so a phone reader learns it before the map (docs/product.md R150).
   */
  countUnplaced?: boolean;
  /**
   * For a directory the page does not hold whole: the filters and name search as a query string, no
   * paging ("populations=3&q=lunch"). The map then draws the groups and sites the server gives for its
   * view (GET /api/search/map), fits the bounds of the search's sites, and counts the sites without a
   * position from the server's answer; `sites` is not drawn (docs/product.md R734–R736).
   */
  search?: string;
}

/**
 * The sites on a Leaflet map (docs/product.md §5) under an h2, with a skip link for keyboard users (the map
 * is one tab stop, its markers behind it: R152). Without `center` the map fits the sites (R150); with
 * it, it keeps that centre and `zoom` (a site's page, R24).
 */
export function SiteMap({
  sites,
  center,
  zoom = MAP_ZOOM,
  skipTo,
  countUnplaced = true,
  search,
}: SiteMapProps) {
  const { t } = useTranslation('sites');
  const headingId = useId();
  // Memoised: a new array would make the map redraw every marker on any re-render of the page.
  const placed = useMemo(() => (search === undefined ? withPosition(sites) : []), [sites, search]);
  // With `search`, the server says how many sites have no position (R736) and where the others lie.
  const summary = useMapSummary(search);
  const unplaced = search === undefined ? sites.length - placed.length : (summary.data?.unplaced ?? 0);
  // A new search keeps the last count shown until its own arrives, but fits only its own bounds.
  const bounds = summary.isPlaceholderData ? undefined : summary.data?.bounds;
  const server = useMemo(
    () => (search === undefined ? undefined : { query: search, bounds }),
    [search, bounds],
  );
  const { ready, section, start } = useStartWhenNear();
  const loading = (
    <div className="site-map__frame site-map__frame--loading">
      <p role="status">{t('map.loading')}</p>
    </div>
  );
  return (
    <section className="site-map" aria-labelledby={headingId} ref={section} onFocus={start}>
      <h2 id={headingId}>{t('map.heading')}</h2>
      {skipTo && (
        <a
          className="site-map__skip"
          href={`#${skipTo}`}
          onClick={(event) => {
            const target = document.getElementById(skipTo);
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        >
          {t('map.skip')}
        </a>
      )}
      {countUnplaced && unplaced > 0 && (
        <p className="site-map__note">{t('map.notOnMap', { count: unplaced })}</p>
      )}
      {ready ? (
        // A map that cannot load must not take the list down with it: the failure stays in the map's box.
        <ErrorBoundary fallback={(error) => <MapFailure error={error} />}>
          <Suspense fallback={loading}>
            <LeafletMap
              sites={placed}
              center={center ?? MAP_CENTER}
              zoom={zoom}
              label={t('map.label')}
              fit={center === undefined}
              search={server}
            />
          </Suspense>
        </ErrorBoundary>
      ) : (
        loading
      )}
    </section>
  );
}
