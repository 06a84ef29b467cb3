/**
 * Another publisher's HSDS 3.0 API read for an import (docs/product.md R645): its `/services` pages in
 * order, and each service whole from `/services/{id}` when the page does not nest its locations. Every
 * request goes through `fetchBounded` (server/services/outbound.ts): http and https only, one deadline
 * for the whole reading, one byte budget for all its answers, redirects only to the same host.
 */
import { IMPORT_LIMITS } from '#shared/imports.ts';
import { fetchBounded, OutboundError } from '../outbound.ts';
import { ImportError } from '../spreadsheets/errors.ts';
import type { SourceData, SourceService } from './source.ts';

export interface ApiLimits {
  timeoutMs: number;
  /** Bytes all answers may hold together. */
  maxBytes: number;
}

/** Services per page asked for; the API may answer fewer. */
const PER_PAGE = 100;
/** Pages read at most (a source that never says its last page stops here). */
const MAX_PAGES = Math.ceil(IMPORT_LIMITS.maxRows / PER_PAGE) + 1;

/** "https://x.org/api/hsds/services/" → "https://x.org/api/hsds": the API's base. */
export function apiBase(address: string): string {
  return address
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/services$/i, '');
}

/** An outbound failure as the import's refusal, in the clerk's language. */
function refusal(error: OutboundError, limits: ApiLimits): ImportError {
  switch (error.reason) {
    case 'scheme':
      return new ImportError(422, 'url_refused');
    case 'redirect':
      return new ImportError(422, 'url_redirect');
    case 'too_large':
      return new ImportError(422, 'url_too_large', {
        mb: Math.round((limits.maxBytes / 1024 / 1024) * 10) / 10,
      });
    case 'timeout':
      return new ImportError(422, 'url_too_slow', { seconds: Math.ceil(limits.timeoutMs / 1000) });
    default:
      return new ImportError(422, 'url_failed', { reason: error.message });
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the API at `address` (its base, or its /services address) into its services. */
export async function readHsdsApi(
  address: string,
  limits: ApiLimits,
): Promise<SourceData & { base: string }> {
  const base = apiBase(address);
  const deadline = Date.now() + limits.timeoutMs;
  let budget = limits.maxBytes;
  const get = async (url: string): Promise<unknown> => {
    let bytes: Uint8Array;
    try {
      ({ bytes } = await fetchBounded(url, { deadline, maxBytes: budget }));
    } catch (error) {
      if (error instanceof OutboundError) throw refusal(error, limits);
      throw error;
    }
    budget -= bytes.length;
    try {
      return JSON.parse(Buffer.from(bytes).toString('utf8'));
    } catch {
      throw new ImportError(422, 'url_failed', { reason: 'not JSON' });
    }
  };

  const services: SourceService[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await get(`${base}/services?page=${page}&per_page=${PER_PAGE}`);
    if (!isObject(answer) || !Array.isArray(answer.contents))
      throw new ImportError(422, 'url_failed', { reason: 'not an HSDS API' });
    for (const item of answer.contents) {
      if (!isObject(item)) continue;
      if (Array.isArray(item.service_at_locations)) services.push(item as SourceService);
      else if (typeof item.id === 'string' && item.status !== 'defunct') {
        const full = await get(`${base}/services/${encodeURIComponent(item.id)}`);
        if (isObject(full)) services.push(full as SourceService);
      } else services.push(item as SourceService);
      if (services.length > IMPORT_LIMITS.maxRows)
        throw new ImportError(422, 'too_many_rows', { max: IMPORT_LIMITS.maxRows });
    }
    const totalPages = typeof answer.total_pages === 'number' ? answer.total_pages : undefined;
    if (
      answer.last_page === true ||
      !answer.contents.length ||
      (totalPages !== undefined && page >= totalPages)
    )
      break;
  }
  return { services, terms: [], organizations: 0, base };
}
