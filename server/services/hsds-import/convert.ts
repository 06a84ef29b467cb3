/**
 * Another publisher's HSDS 3.0 services as the importer's rows (docs/product.md R642–R644): each
 * service at a location is one row in the export's columns, so the sheet import's preview and commit
 * read it (server/services/imports/preview.ts). What has no place in a site is counted by the
 * standard's name for it (`service.description`, `schedule.valid_from`, …) and listed in the preview.
 * Pure and linear in the services' size.
 */
import { noteColumn } from '#shared/fact-cells.ts';
import type { HoursInterval, WeekOfMonth } from '#shared/hours.ts';
import { formatHoursText } from '#shared/hours-text.ts';
import { ITEM_TRANSLATION_COLUMNS, type SheetColumn, SITE_COLUMNS } from '#shared/imports.ts';
import { REFERENCE_LIST_NAMES, type ReferenceListName } from '#shared/reference-lists.ts';
import { ACCESS_FEATURES, isSpokenLanguage } from '#shared/site-facts.ts';
import { ACCESS_WORDS } from '../hsds/facts.ts';
import { BYDAY, TAXONOMIES } from '../hsds/vocabulary.ts';
import type { SheetTable } from '../spreadsheets/read.ts';
import { LIST_COLUMNS } from '../spreadsheets/write.ts';
import type {
  SourceAttribute,
  SourceData,
  SourceLocation,
  SourcePhone,
  SourceSchedule,
  SourceService,
  SourceTerm,
} from './source.ts';

/** The facts' columns an HSDS source fills: those the standard has records for (R643). */
const FACT_COLUMNS_READ = [
  'languages',
  'cost',
  'suggestedAmount',
  'guestPrice',
  ...ACCESS_FEATURES,
  noteColumn('access', 'en'),
] as const satisfies readonly SheetColumn[];
/**
 * Every column of an HSDS import's table: the site's (the id resolved from the source's ids), the
 * facts read, and the items' translations (taken by the items the import creates, R632).
 */
export const HSDS_COLUMNS: readonly SheetColumn[] = [
  ...SITE_COLUMNS,
  ...FACT_COLUMNS_READ,
  ...ITEM_TRANSLATION_COLUMNS,
];

export interface Conversion {
  table: SheetTable;
  /** The source's id of each row's service at a location, by row number. */
  externalIds: Map<number, string>;
  unmapped: { what: string; count: number }[];
}

export interface ConvertOptions {
  /**
   * Addresses under which a service's `url` is the publisher's page about the service, not the
   * service's own website (the package's homepage, the API's host; R644).
   */
  publisherPages: string[];
}

const text = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** "11:30", "11:30:00" → "11:30"; anything else undefined. */
function timeOf(value: unknown): string | undefined {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/.exec(text(value));
  if (!match) return undefined;
  const hours = Number(match[1]);
  return hours < 24 ? `${String(hours).padStart(2, '0')}:${match[2]}` : undefined;
}

/**
 * A schedule's weekly hours (R643): `freq` WEEKLY (or none) with `byday` days, or MONTHLY with
 * `byday` days of given weeks ("1MO,3MO", "-1SA"), `interval` 1, and both times; anything else is not
 * read (the reason is the field that prevents it).
 */
export function intervalsOf(schedule: SourceSchedule): HoursInterval[] | string {
  if (text(schedule.valid_from) || text(schedule.valid_to)) return 'schedule.valid_from';
  const open = timeOf(schedule.opens_at);
  const close = timeOf(schedule.closes_at);
  if (!open || !close) return 'schedule.opens_at';
  const freq = text(schedule.freq).toUpperCase() || 'WEEKLY';
  if (freq !== 'WEEKLY' && freq !== 'MONTHLY') return 'schedule.freq';
  const interval = text(schedule.interval);
  if (interval && interval !== '1') return 'schedule.interval';
  const byDay = new Map<number, Set<WeekOfMonth>>();
  const every = new Set<number>();
  for (const part of text(schedule.byday).toUpperCase().split(',')) {
    const match = /^([+-]?\d)?(SU|MO|TU|WE|TH|FR|SA)$/.exec(part.trim());
    if (!match) return 'schedule.byday';
    const day = BYDAY.indexOf(match[2] as (typeof BYDAY)[number]);
    const week = match[1] === undefined ? undefined : Number(match[1]);
    if (week === undefined) every.add(day);
    else if ([1, 2, 3, 4, -1].includes(week))
      byDay.set(day, (byDay.get(day) ?? new Set()).add(week as WeekOfMonth));
    else return 'schedule.byday';
  }
  if (!every.size && !byDay.size) return 'schedule.byday';
  const intervals: HoursInterval[] = [...every].map((day) => ({ day, open, close }));
  for (const [day, weeks] of byDay)
    if (!every.has(day))
      intervals.push({
        day,
        open,
        close,
        weeks: [...weeks].sort((a, b) => (a < 0 ? 5 : a) - (b < 0 ? 5 : b)),
      });
  return intervals;
}

/** The address in one line, the usual US way: "1 Main St, Suite 2, Springfield, IL 62701". */
function addressOf(location: SourceLocation | undefined): string {
  const addresses = location?.addresses ?? [];
  const address =
    addresses.find((one) => text(one.address_type) === 'physical' || !text(one.address_type)) ?? addresses[0];
  if (!address) return '';
  const stateZip = [text(address.state_province), text(address.postal_code)].filter(Boolean).join(' ');
  return [text(address.address_1), text(address.address_2), text(address.city), stateZip]
    .filter(Boolean)
    .join(', ');
}

/** The list a service's attribute names an item of: by its `link_type`, else by its taxonomy's name. */
function listOf(attribute: SourceAttribute): ReferenceListName | undefined {
  const linkType = text(attribute.link_type);
  const taxonomy = (
    text(attribute.taxonomy_term?.taxonomy_detail?.name) || text(attribute.taxonomy_term?.taxonomy)
  ).toLowerCase();
  return REFERENCE_LIST_NAMES.find(
    (list) =>
      (linkType && TAXONOMIES[list].linkType === linkType) ||
      (taxonomy && TAXONOMIES[list].name.toLowerCase() === taxonomy),
  );
}

const ACCESS_BY_WORDS = new Map<string, [feature: (typeof ACCESS_FEATURES)[number], present: boolean]>(
  ACCESS_FEATURES.flatMap((feature) => [
    [ACCESS_WORDS[feature][0].toLowerCase(), [feature, true] as [typeof feature, boolean]],
    [ACCESS_WORDS[feature][1].toLowerCase(), [feature, false] as [typeof feature, boolean]],
  ]),
);

/** The phone's number and extension: a number extension, or "Extension 007" in its description. */
function phoneCells(phone: SourcePhone | undefined) {
  if (!phone) return { phoneNumber: '', phoneExtension: '' };
  const extension =
    text(phone.extension) || (/^Extension (\d{1,6})$/i.exec(text(phone.description))?.[1] ?? '');
  return { phoneNumber: text(phone.number), phoneExtension: extension };
}

/** The services of a source as the importer's rows, with their ids and what was not read. */
export function convertSource(source: SourceData, options: ConvertOptions): Conversion {
  const unmapped = new Map<string, number>();
  const skip = (what: string, count = 1) => {
    if (count > 0) unmapped.set(what, (unmapped.get(what) ?? 0) + count);
  };
  skip('organization', source.organizations);

  // A term in Spanish or Chinese of the same taxonomy and code translates the English one (R643).
  const translationsOf = new Map<string, { es?: { name: string }; zh?: { name: string } }>();
  const termKey = (term: SourceTerm) =>
    `${text(term.taxonomy_id) || text(term.taxonomy)}|${text(term.code)}`.toLowerCase();
  for (const term of source.terms) {
    const language = text(term.language).toLowerCase().slice(0, 2);
    if ((language !== 'es' && language !== 'zh') || !text(term.code) || !text(term.name)) continue;
    translationsOf.set(termKey(term), {
      ...translationsOf.get(termKey(term)),
      [language]: { name: text(term.name) },
    });
  }

  const rows: SheetTable['rows'] = [];
  const externalIds = new Map<number, string>();
  const publisherPages = options.publisherPages.map((page) => page.replace(/\/+$/, '').toLowerCase());
  const isPublisherPage = (url: string) =>
    publisherPages.some((page) => url.toLowerCase() === page || url.toLowerCase().startsWith(`${page}/`));

  for (const service of source.services as SourceService[]) {
    if (text(service.status) === 'defunct') {
      skip('service.status=defunct');
      continue;
    }
    const atLocations = (service.service_at_locations ?? []).filter((sal) => sal.location);
    if (!atLocations.length) {
      skip('service (without a location)');
      continue;
    }
    if (text(service.status) && text(service.status) !== 'active')
      skip(`service.status=${text(service.status)}`);
    for (const field of [
      'description',
      'application_process',
      'fees_description',
      'eligibility_description',
      'alert',
    ] as const)
      if (text(service[field])) skip(`service.${field}`);

    // The lists, from the attributes whose taxonomy is one of ours; an English term's name is the item.
    type Named = { name: string; es: string; zh: string };
    const lists = new Map<ReferenceListName, Named[]>();
    for (const attribute of service.attributes ?? []) {
      const list = listOf(attribute);
      const term = attribute.taxonomy_term;
      const name = text(term?.name);
      if (!list || !name || (text(term?.language) && !text(term?.language).toLowerCase().startsWith('en'))) {
        skip('attribute');
        continue;
      }
      if (lists.get(list)?.some((item) => item.name === name)) continue;
      const translations = term ? translationsOf.get(termKey(term)) : undefined;
      const item = { name, es: translations?.es?.name ?? '', zh: translations?.zh?.name ?? '' };
      lists.set(list, [...(lists.get(list) ?? []), item]);
    }
    // Facts the standard has records for (R643).
    const languages: string[] = [];
    for (const language of service.languages ?? []) {
      const code = text(language.code).toLowerCase();
      if (isSpokenLanguage(code) && !languages.includes(code)) languages.push(code);
      else skip('language');
    }
    const cost: Record<string, string> = { cost: '', suggestedAmount: '', guestPrice: '' };
    for (const option of service.cost_options ?? []) {
      const what = text(option.amount_description).toLowerCase();
      const amount = text(option.amount);
      if (what === 'free' || (amount !== '' && Number(amount) === 0 && !/guest/i.test(text(option.option))))
        cost.cost = 'free';
      else if (what.startsWith('suggested contribution')) {
        cost.cost = 'suggested';
        cost.suggestedAmount = amount;
      } else if (/^guests/i.test(text(option.option)) && amount !== '') cost.guestPrice = amount;
      else skip('cost_option');
    }

    service.service_at_locations!.length > atLocations.length &&
      skip(
        'service_at_location (without a location)',
        service.service_at_locations!.length - atLocations.length,
      );
    for (const sal of atLocations) {
      const location = sal.location!;
      if (text(location.transportation)) skip('location.transportation');
      const access: Record<string, string> = Object.fromEntries(
        ACCESS_FEATURES.map((feature) => [feature, '']),
      );
      const accessNotes: string[] = [];
      for (const record of location.accessibility ?? []) {
        const description = text(record.description);
        const known = ACCESS_BY_WORDS.get(description.toLowerCase());
        if (known) access[known[0]] = known[1] ? 'yes' : 'no';
        else if (description) accessNotes.push(description);
      }
      const phones = [...(location.phones ?? []), ...(sal.phones ?? []), ...(service.phones ?? [])];
      if (phones.length > 1) skip('phone', phones.length - 1);
      const hours: HoursInterval[] = [];
      for (const schedule of [...(sal.schedules ?? []), ...(service.schedules ?? [])]) {
        const read = intervalsOf(schedule);
        if (typeof read === 'string') skip(read);
        else
          for (const interval of read)
            if (
              !hours.some(
                (one) =>
                  one.day === interval.day &&
                  one.open === interval.open &&
                  one.close === interval.close &&
                  String(one.weeks ?? '') === String(interval.weeks ?? ''),
              )
            )
              hours.push(interval);
      }
      const url = text(service.url);
      if (url && isPublisherPage(url)) skip('service.url');
      const lat = text(location.latitude);
      const lng = text(location.longitude);
      const cells: Partial<Record<SheetColumn, string>> = {
        id: '',
        name: atLocations.length > 1 && text(location.name) ? text(location.name) : text(service.name),
        address: addressOf(location),
        ...phoneCells(phones[0]),
        email: text(service.email),
        website: url && !isPublisherPage(url) ? url : '',
        lat: lat && lng && Number.isFinite(Number(lat)) ? String(Number(lat)) : '',
        lng: lat && lng && Number.isFinite(Number(lng)) ? String(Number(lng)) : '',
        hours: formatHoursText(hours),
        languages: languages.join(', '),
        ...cost,
        ...access,
        [noteColumn('access', 'en')]: accessNotes.join(' '),
      };
      for (const list of REFERENCE_LIST_NAMES) {
        const items = lists.get(list) ?? [];
        const column = LIST_COLUMNS[list];
        cells[column] = items.map((item) => item.name).join('; ');
        cells[`${column}Es` as SheetColumn] = items.some((item) => item.es)
          ? items.map((item) => item.es).join('; ')
          : '';
        cells[`${column}Zh` as SheetColumn] = items.some((item) => item.zh)
          ? items.map((item) => item.zh).join('; ')
          : '';
      }
      const row = rows.length + 1;
      rows.push({ row, cells });
      const id = text(sal.id) || `${text(service.id)}/${text(location.id)}`;
      if (id !== '/') externalIds.set(row, id.toLowerCase());
    }
  }
  return {
    table: { columns: [...HSDS_COLUMNS], rows },
    externalIds,
    unmapped: [...unmapped]
      .map(([what, count]) => ({ what, count }))
      .sort((a, b) => a.what.localeCompare(b.what)),
  };
}
