import { invalidField } from '#shared/validation.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { foldForSearch } from './build.ts';
import { type HsdsDataset, type HsdsListedService, type HsdsServiceEntry, isLive } from './dataset.ts';
import type { HsdsAttribute, HsdsOrganization } from './model.ts';
import { isUuid } from './uuid.ts';

/** The HSDS version the feed follows, and where the standard is described (no profile of our own). */
export const HSDS_VERSION = '3.0';
export const HSDS_PROFILE = 'https://docs.openreferral.org/en/v3.0/';

export const DEFAULT_PER_PAGE = 50;
/** The most items one page holds: a page's work and size stay bounded whatever is asked. */
export const MAX_PER_PAGE = 500;
/** The longest search text looked for (a name is at most 200 characters). */
export const MAX_SEARCH = 200;

export interface PageQuery {
  page: number;
  perPage: number;
  /** ms since the epoch; only records changed at or after it. */
  modifiedAfter?: number;
  /** Folded (foldForSearch). */
  search?: string;
  organizationId?: string;
  taxonomyTermId?: string;
  taxonomyId?: string;
}

export interface Page<T> {
  total_items: number;
  total_pages: number;
  page_number: number;
  size: number;
  first_page: boolean;
  last_page: boolean;
  empty: boolean;
  contents: T[];
}

/** A calendar date, or a date and time with seconds optional, fractions optional, and a zone. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

function single(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function wholeNumber(
  query: Record<string, unknown>,
  key: string,
  fallback: number,
  min: number,
  max: number,
): number | ReturnType<typeof invalidField> {
  const raw = query[key];
  if (raw === undefined) return fallback;
  const text = single(raw);
  if (text === undefined || !/^\d{1,9}$/.test(text)) return invalidField(key, 'not_a_number');
  const value = Number(text);
  return value < min || value > max ? invalidField(key, 'out_of_range', { min, max }) : value;
}

/**
 * Reads a list's query (docs/product.md R252): `page` from 1, `per_page` 1–500 (50 when absent),
 * `modified_after` a date or an ISO 8601 date-time with a zone (a date is its midnight UTC),
 * `search` at most 200 characters, and the optional filters `organization_id`, `taxonomy_term_id`
 * and `taxonomy_id`; `format` may only be `json`. Any bad one is a 422 naming it; a repeated
 * parameter is a bad one.
 */
export function parsePageQuery(query: Record<string, unknown>): PageQuery {
  const errors: ReturnType<typeof invalidField>[] = [];
  const page = wholeNumber(query, 'page', 1, 1, 1_000_000_000);
  const perPage = wholeNumber(query, 'per_page', DEFAULT_PER_PAGE, 1, MAX_PER_PAGE);
  if (typeof page !== 'number') errors.push(page);
  if (typeof perPage !== 'number') errors.push(perPage);

  let modifiedAfter: number | undefined;
  if (query.modified_after !== undefined) {
    const text = single(query.modified_after);
    const time = text !== undefined && DATE_TIME.test(text) ? Date.parse(text) : Number.NaN;
    if (Number.isNaN(time)) errors.push(invalidField('modified_after', 'invalid_date'));
    else modifiedAfter = time;
  }

  let search: string | undefined;
  if (query.search !== undefined) {
    const text = single(query.search);
    if (text === undefined) errors.push(invalidField('search', 'not_text'));
    else if (text.length > MAX_SEARCH) errors.push(invalidField('search', 'too_long', { max: MAX_SEARCH }));
    else if (text.trim()) search = foldForSearch(text.trim());
  }

  const ids: Partial<Record<'organizationId' | 'taxonomyTermId' | 'taxonomyId', string>> = {};
  for (const [key, field] of [
    ['organization_id', 'organizationId'],
    ['taxonomy_term_id', 'taxonomyTermId'],
    ['taxonomy_id', 'taxonomyId'],
  ] as const) {
    if (query[key] === undefined) continue;
    const text = single(query[key]);
    // Not one of ours: it matches nothing, like an id of a record that was deleted.
    if (text === undefined) errors.push(invalidField(key, 'not_text'));
    else ids[field] = text.toLowerCase();
  }

  // The standard's `format`: only JSON here (no ndjson stream), so another is refused, not ignored.
  if (query.format !== undefined && query.format !== 'json') errors.push(invalidField('format', 'invalid'));

  if (errors.length) throw new ValidationError(errors);
  return { page: page as number, perPage: perPage as number, modifiedAfter, search, ...ids };
}

/** The Page fields of the standard around one page of `items`; a page past the last is empty. */
export function paginate<T>(items: readonly T[], query: PageQuery): Page<T> {
  const totalPages = Math.ceil(items.length / query.perPage);
  const start = (query.page - 1) * query.perPage;
  const contents = start < items.length ? items.slice(start, start + query.perPage) : [];
  return {
    total_items: items.length,
    total_pages: totalPages,
    page_number: query.page,
    size: contents.length,
    first_page: query.page === 1,
    last_page: query.page >= totalPages,
    empty: contents.length === 0,
    contents,
  };
}

/** The id of a path, or a 404: not a UUID, or no such record. */
export function found<T>(map: Map<string, T>, id: string): T {
  const record = isUuid(id) ? map.get(id.toLowerCase()) : undefined;
  if (!record) throw new NotFoundError();
  return record;
}

/**
 * The services a list query selects: the sites' in the directory's order (by name), then the defunct
 * ones of deleted sites (oldest deletion first). One pass; no sorting.
 */
export function selectServices(dataset: HsdsDataset, query: PageQuery): HsdsListedService[] {
  const taxonomyTerms = query.taxonomyId
    ? new Set(dataset.taxonomyTerms.filter((t) => t.taxonomy_id === query.taxonomyId).map((t) => t.id))
    : undefined;
  const attributes = (entry: HsdsListedService) => (isLive(entry) ? entry.attributes : []);
  // Every word, anywhere in the text, as the directory's name search (shared/site-search.ts searchSites, R724).
  const words = query.search?.split(' ') ?? [];
  return dataset.listed.filter(
    (entry) =>
      (query.modifiedAfter === undefined || entry.modifiedAt >= query.modifiedAfter) &&
      words.every((word) => entry.searchText.includes(word)) &&
      (query.organizationId === undefined || entry.service.organization_id === query.organizationId) &&
      (query.taxonomyTermId === undefined ||
        attributes(entry).some((attribute) => attribute.taxonomy_term_id === query.taxonomyTermId)) &&
      (taxonomyTerms === undefined ||
        attributes(entry).some((attribute) => taxonomyTerms.has(attribute.taxonomy_term_id))),
  );
}

function withPhones(dataset: HsdsDataset, organization: HsdsOrganization) {
  return {
    ...organization,
    phones: dataset.organizationPhones.filter((phone) => phone.organization_id === organization.id),
  };
}

function nestedAttributes(dataset: HsdsDataset, attributes: HsdsAttribute[]) {
  return attributes.map((attribute) => {
    const term = dataset.termById.get(attribute.taxonomy_term_id)!;
    return {
      ...attribute,
      taxonomy_term: { ...term, taxonomy_detail: dataset.taxonomyById.get(term.taxonomy_id)! },
    };
  });
}

/** A list's item: the service's own fields and its organization (the standard's service_list). */
export function serviceListItem(dataset: HsdsDataset, entry: HsdsListedService) {
  return { ...entry.service, organization: dataset.organizationById.get(entry.service.organization_id)! };
}

function nestedLocation(entry: HsdsServiceEntry) {
  return {
    ...entry.location,
    addresses: [entry.address],
    phones: entry.phones,
    accessibility: entry.accessibility,
  };
}

/** The service at the site, its location, address, phones, schedules and attributes. */
export function serviceAtLocationFull(dataset: HsdsDataset, entry: HsdsServiceEntry) {
  return {
    ...entry.serviceAtLocation,
    phones: entry.phones,
    schedules: entry.schedules,
    location: nestedLocation(entry),
    attributes: nestedAttributes(dataset, entry.attributes),
  };
}

/**
 * A fully nested service (GET /services/{id}): everything about the site in one answer. A defunct
 * service (its site deleted) has no location left: its service at locations, phones, schedules and
 * attributes are empty.
 */
export function serviceFull(dataset: HsdsDataset, entry: HsdsListedService) {
  if (!isLive(entry))
    return {
      ...entry.service,
      organization: withPhones(dataset, dataset.organizationById.get(entry.service.organization_id)!),
      phones: [],
      schedules: [],
      service_at_locations: [],
      languages: [],
      cost_options: [],
      attributes: [],
    };
  return {
    ...entry.service,
    organization: withPhones(dataset, dataset.organizationById.get(entry.service.organization_id)!),
    phones: entry.phones,
    schedules: [],
    service_at_locations: [
      {
        ...entry.serviceAtLocation,
        phones: entry.phones,
        schedules: entry.schedules,
        location: nestedLocation(entry),
      },
    ],
    languages: entry.languages,
    cost_options: entry.costOptions,
    attributes: nestedAttributes(dataset, entry.attributes),
  };
}

/** An organization with its phones, its services (their own fields) and their locations. */
export function organizationFull(dataset: HsdsDataset, organization: HsdsOrganization) {
  const services = dataset.services.filter((entry) => entry.service.organization_id === organization.id);
  return {
    ...withPhones(dataset, organization),
    services: services.map((entry) => entry.service),
    locations: services.map((entry) => nestedLocation(entry)),
  };
}
