import { createHash } from 'node:crypto';
import type { AppContext } from '#server/context.ts';
import { REFERENCE_LIST_NAMES, type ReferenceListName } from '#shared/reference-lists.ts';
import type { Closure } from '#shared/schemas/closures.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { publicReads } from '../public-reads.ts';
import type { CachedResponse } from '../response-cache.ts';
import {
  found,
  HSDS_PROFILE,
  HSDS_VERSION,
  organizationFull,
  paginate,
  parsePageQuery,
  selectServices,
  serviceAtLocationFull,
  serviceFull,
  serviceListItem,
} from './answers.ts';
import { buildDataset, foldForSearch } from './build.ts';
import { defunctCutoff, type FeedChanges, feedChangesJson, modifiedTimes } from './changes.ts';
import { type HsdsDataset, isLive } from './dataset.ts';
import { type FeedMenus, feedMenusJson } from './menus.ts';
import { dataPackageZip } from './tabular.ts';

/** The feed's data as of one generation of the response cache, with a tag naming that version. */
export interface FeedVersion {
  dataset: HsdsDataset;
  /** Names the data and settings the answers come from: equal tags, equal answers. */
  tag: string;
  zip(): { bytes: Buffer; etag: string };
}

type FeedContext = Pick<AppContext, 'cache' | 'database' | 'today' | 'config' | 'baseUrl'>;

const parse = <T>(entry: CachedResponse): T => JSON.parse(entry.raw.toString()) as T;

/**
 * The Open Referral feed (docs/decisions/029-open-referral-feed.md). Built from the public reads'
 * cached answers (the sites in one statement, the five lists, the current closures: a fixed number
 * of queries, none per site), mapped once per change of the data or of the agency's date, and kept
 * until the next directory write drops the response cache. Every answer is then work on memory
 * bounded by the dataset's size: a page is one pass and a slice, a record a map lookup.
 */
export function createHsdsFeed(ctx: FeedContext) {
  const reads = publicReads(ctx);
  const publisherName = ctx.config.HSDS_PUBLISHER_NAME;
  let current: { generation: number; today: string; version: Promise<FeedVersion> } | undefined;

  async function load(today: string): Promise<FeedVersion> {
    const timeZone = ctx.config.AGENCY_TIME_ZONE;
    const [sites, closures, changes, weekMenus, ...lists] = await Promise.all([
      reads.sites(),
      reads.closures(),
      // Like the public reads: dropped by every directory write, and by the agency's next day.
      ctx.cache.get(`hsds-changes:${today}`, () =>
        feedChangesJson(ctx.database.db, today, defunctCutoff(today, timeZone)),
      ),
      ctx.cache.get(`hsds-menus:${today}`, () => feedMenusJson(ctx.database.db, today)),
      ...REFERENCE_LIST_NAMES.map((list) => reads.list(list)),
    ]);
    const tag = createHash('sha1')
      .update(
        [sites, closures, changes, weekMenus, ...lists]
          .map((entry) => entry.etag)
          .concat(
            today,
            ctx.baseUrl,
            publisherName,
            ctx.config.HSDS_ID_NAMESPACE,
            ctx.config.AGENCY_TIME_ZONE,
            ctx.config.AGENCY_CONTRIBUTION_TEXT ?? '',
          )
          .join('\n'),
      )
      .digest('base64url');
    const siteList = parse<Site[]>(sites);
    const closureList = parse<Closure[]>(closures);
    const changed = parse<FeedChanges>(changes);
    const dataset = buildDataset(
      {
        sites: siteList,
        closures: closureList,
        modified: modifiedTimes(changed, closureList, {
          today,
          timeZone,
          holidays: ctx.config.AGENCY_HOLIDAYS,
        }),
        deleted: changed.deleted,
        menus: parse<FeedMenus>(weekMenus!),
        lists: Object.fromEntries(
          REFERENCE_LIST_NAMES.map((list, index) => [list, parse<ReferenceItem[]>(lists[index]!)]),
        ) as Record<ReferenceListName, ReferenceItem[]>,
      },
      {
        namespace: ctx.config.HSDS_ID_NAMESPACE,
        baseUrl: ctx.baseUrl,
        publisherName,
        timeZone,
        today,
        contributionText: ctx.config.AGENCY_CONTRIBUTION_TEXT,
      },
    );
    const newest = dataset.listed.reduce((latest, entry) => Math.max(latest, entry.modifiedAt), 0);
    const lastModified = dataset.listed.length ? new Date(newest).toISOString() : undefined;
    let zip: { bytes: Buffer; etag: string } | undefined;
    return {
      dataset,
      tag,
      zip() {
        zip ??= {
          bytes: Buffer.from(
            dataPackageZip(dataset, { title: publisherName, homepage: ctx.baseUrl, lastModified }),
          ),
          etag: `"hsds-zip-${tag}"`,
        };
        return zip;
      },
    };
  }

  /** The current version: rebuilt after a directory write (the cache's generation moved) or at the agency's midnight. */
  function version(): Promise<FeedVersion> {
    const generation = ctx.cache.generation;
    const today = ctx.today();
    if (current && current.generation === generation && current.today === today) return current.version;
    const pending = load(today);
    const entry = { generation, today, version: pending };
    current = entry;
    // A write during the build: answer with what was read, but do not keep it.
    pending.then(
      () => {
        if (ctx.cache.generation !== generation && current === entry) current = undefined;
      },
      () => {
        if (current === entry) current = undefined;
      },
    );
    return pending;
  }

  const meta = () => ({
    version: HSDS_VERSION,
    profile: HSDS_PROFILE,
    openapi_url: `${ctx.baseUrl.replace(/\/+$/, '')}/api/openapi.json`,
    description:
      'Community dining sites of the congregate meals program (seniors 60+ and adults with disabilities), as Open Referral HSDS 3.0: each site is a location and the congregate meal service at it.',
    publisher: { name: publisherName, website: ctx.baseUrl },
  });

  return {
    version,
    meta,
    services: (dataset: HsdsDataset, query: Record<string, unknown>) => {
      const parsed = parsePageQuery(query);
      const page = paginate(selectServices(dataset, parsed), parsed);
      return { ...page, contents: page.contents.map((entry) => serviceListItem(dataset, entry)) };
    },
    service: (dataset: HsdsDataset, id: string) => serviceFull(dataset, found(dataset.serviceById, id)),
    serviceAtLocations: (dataset: HsdsDataset, query: Record<string, unknown>) => {
      const parsed = parsePageQuery(query);
      return paginate(
        selectServices(dataset, parsed)
          .filter(isLive)
          .map((entry) => entry.serviceAtLocation),
        parsed,
      );
    },
    serviceAtLocation: (dataset: HsdsDataset, id: string) =>
      serviceAtLocationFull(dataset, found(dataset.serviceByServiceAtLocationId, id)),
    organizations: (dataset: HsdsDataset, query: Record<string, unknown>) => {
      const parsed = parsePageQuery(query);
      const search = parsed.search;
      const organizations = dataset.organizations.filter(
        (organization) =>
          search === undefined ||
          foldForSearch(`${organization.name}\n${organization.description}`).includes(search),
      );
      return paginate(organizations, parsed);
    },
    organization: (dataset: HsdsDataset, id: string) =>
      organizationFull(dataset, found(dataset.organizationById, id)),
  };
}

export type HsdsFeed = ReturnType<typeof createHsdsFeed>;
