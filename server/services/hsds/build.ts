import { formatPhone } from '#shared/phone.ts';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS, type ReferenceListName } from '#shared/reference-lists.ts';
import type { Closure } from '#shared/schemas/closures.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { foldText } from '#shared/site-search.ts';
import { parseUsAddress } from './address.ts';
import type {
  HsdsAddress,
  HsdsAttribute,
  HsdsLocation,
  HsdsOrganization,
  HsdsPhone,
  HsdsSchedule,
  HsdsService,
  HsdsServiceAtLocation,
  HsdsTaxonomy,
  HsdsTaxonomyTerm,
  HsdsWeekday,
} from './model.ts';
import { uuidV5 } from './uuid.ts';

/** What the feed is built from: the public reads' answers (the same cached bytes the site shows). */
export interface HsdsSource {
  sites: Site[];
  lists: Record<ReferenceListName, ReferenceItem[]>;
  /** The current and upcoming closures (GET /api/closures). */
  closures: Closure[];
}

export interface HsdsOptions {
  /** The UUID namespace every id is derived in (HSDS_ID_NAMESPACE). */
  namespace: string;
  /** The public address of the directory, for links to a site's page. */
  baseUrl: string;
  /** The agency's name: the publisher, and the organization of sites without one nutrition partner. */
  publisherName: string;
  timeZone: string;
  /** The agency's date, 'YYYY-MM-DD'. */
  today: string;
}

/** One service's place in the dataset: its rows by table, and what filters and search read. */
export interface HsdsServiceEntry {
  siteId: number;
  service: HsdsService;
  location: HsdsLocation;
  serviceAtLocation: HsdsServiceAtLocation;
  address: HsdsAddress;
  phones: HsdsPhone[];
  schedules: HsdsSchedule[];
  attributes: HsdsAttribute[];
  /** The site's own last change (ms since the epoch), for `modified_after`. */
  updatedAt: number;
  /** Name and description folded for search (foldForSearch). */
  searchText: string;
}

export interface HsdsDataset {
  organizations: HsdsOrganization[];
  /** The phones of organizations (nutrition partners). */
  organizationPhones: HsdsPhone[];
  services: HsdsServiceEntry[];
  taxonomies: HsdsTaxonomy[];
  taxonomyTerms: HsdsTaxonomyTerm[];
  serviceById: Map<string, HsdsServiceEntry>;
  serviceByServiceAtLocationId: Map<string, HsdsServiceEntry>;
  organizationById: Map<string, HsdsOrganization>;
  termById: Map<string, HsdsTaxonomyTerm>;
  taxonomyById: Map<string, HsdsTaxonomy>;
}

/** The standard's two-letter days, index = our weekday (0 = Sunday). */
const BYDAY: readonly HsdsWeekday[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ORDINALS: Record<number, string> = { 1: '1st', 2: '2nd', 3: '3rd', 4: '4th', [-1]: 'last' };

/** Each list as an HSDS taxonomy: its name, what a term means, and the attribute's `link_type`. */
const TAXONOMIES: Record<
  ReferenceListName,
  { name: string; description: string; term: string; linkType: string }
> = {
  nutritionpartners: {
    name: 'Nutrition partners',
    description: 'The organizations that cook the meals and run dining sites.',
    term: 'Nutrition partner',
    linkType: 'nutrition_partner',
  },
  populations: {
    name: 'Populations served',
    description: 'Who a dining site serves.',
    term: 'Population served',
    linkType: 'population',
  },
  mealtypes: {
    name: 'Meal types',
    description: 'The meals a dining site serves.',
    term: 'Meal type',
    linkType: 'meal_type',
  },
  services: {
    name: 'Services',
    description: 'What a dining site offers besides the meal served there.',
    term: 'Service',
    linkType: 'service',
  },
  covidstatuses: {
    name: 'COVID-19 status',
    description: "A dining site's current situation in light of COVID-19.",
    term: 'COVID-19 status',
    linkType: 'covid_status',
  },
};

/**
 * Folds text for search the way the directory's own name search does (shared/site-search.ts
 * `foldText`: lower case, accents removed, spaces collapsed), after compatibility forms are unified
 * (full-width letters, ligatures). Linear in the text's length.
 */
export function foldForSearch(text: string): string {
  return foldText(text.normalize('NFKC'));
}

/**
 * The zone's offset from UTC in hours when it is the same all year (no daylight-saving time), else
 * undefined: HSDS gives `timezone` as one number, which would be wrong for half the year in a zone
 * that changes (docs/decisions/029-open-referral-feed.md).
 */
export function fixedUtcOffset(timeZone: string, year: number): number | undefined {
  const offsetAt = (month: number) => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(Date.UTC(year, month, 1, 12))
      .find((part) => part.type === 'timeZoneName')?.value;
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
    if (!match) return 0;
    return (match[1] === '-' ? -1 : 1) * (Number(match[2]) + Number(match[3]) / 60);
  };
  const winter = offsetAt(0);
  return winter === offsetAt(6) ? winter : undefined;
}

function weeksText(weeks: readonly number[] | undefined, day: number): string {
  if (!weeks?.length) return `Every ${DAY_NAMES[day]}`;
  const names = weeks.map((week) => ORDINALS[week] ?? String(week));
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `The ${list} ${DAY_NAMES[day]} of the month`;
}

function closureText(closure: Closure): string {
  const when =
    closure.endDate === null
      ? `from ${closure.startDate} until further notice`
      : closure.endDate === closure.startDate
        ? `on ${closure.startDate}`
        : `from ${closure.startDate} to ${closure.endDate}`;
  return `Closed ${when}: ${closure.reason}.`;
}

const covers = (closure: Closure, date: string) =>
  closure.startDate <= date && (closure.endDate === null || closure.endDate >= date);

/**
 * Maps the directory onto HSDS 3.0 in one pass over the sites: each site is a location and the
 * congregate meal service at it (docs/product.md R250–R256). Pure: the same source and options give
 * the same records, ids included.
 */
export function buildDataset(source: HsdsSource, options: HsdsOptions): HsdsDataset {
  const id = (name: string) => uuidV5(options.namespace, name);
  const base = options.baseUrl.replace(/\/+$/, '');
  const zoneNote = `Times are local time in ${options.timeZone}.`;
  const timezone = fixedUtcOffset(options.timeZone, Number(options.today.slice(0, 4)));

  const agency: HsdsOrganization = {
    id: id('organization:agency'),
    name: options.publisherName,
    description: 'Runs the congregate meals program and publishes this directory of community dining sites.',
    website: base,
  };
  const organizations: HsdsOrganization[] = [agency];
  const organizationPhones: HsdsPhone[] = [];
  const partnerOrganization = new Map<number, HsdsOrganization>();
  for (const partner of source.lists.nutritionpartners) {
    const organization: HsdsOrganization = {
      id: id(`organization:partner:${partner.id}`),
      name: partner.name,
      description:
        'A nutrition partner of the congregate meals program: it cooks the meals and runs dining sites.',
      ...(partner.email ? { email: partner.email } : {}),
      ...(partner.website ? { website: partner.website } : {}),
    };
    organizations.push(organization);
    partnerOrganization.set(partner.id, organization);
    if (partner.phoneNumber)
      organizationPhones.push({
        id: id(`phone:partner:${partner.id}`),
        organization_id: organization.id,
        number: formatPhone(partner.phoneNumber),
        type: 'voice',
      });
  }

  const taxonomies: HsdsTaxonomy[] = [];
  const taxonomyTerms: HsdsTaxonomyTerm[] = [];
  const termOf = new Map<string, HsdsTaxonomyTerm>();
  for (const list of REFERENCE_LIST_NAMES) {
    const about = TAXONOMIES[list];
    const taxonomy: HsdsTaxonomy = {
      id: id(`taxonomy:${list}`),
      name: about.name,
      description: about.description,
    };
    taxonomies.push(taxonomy);
    for (const item of source.lists[list]) {
      const term: HsdsTaxonomyTerm = {
        id: id(`taxonomy_term:${list}:${item.id}`),
        code: `${list}-${item.id}`,
        name: item.name,
        description: `${about.term}: ${item.name}`,
        taxonomy: taxonomy.name,
        taxonomy_id: taxonomy.id,
        language: 'en',
      };
      taxonomyTerms.push(term);
      termOf.set(`${list}:${item.id}`, term);
    }
  }

  const closuresBySite = new Map<number, Closure[]>();
  const allSitesClosures = source.closures.filter((closure) => closure.allSites);
  for (const closure of source.closures) {
    if (closure.allSites) continue;
    for (const siteId of closure.siteIds)
      closuresBySite.set(siteId, [...(closuresBySite.get(siteId) ?? []), closure]);
  }

  const services = source.sites.map((site): HsdsServiceEntry => {
    const partners = site.NutritionPartners ?? [];
    const organization =
      (partners.length === 1 ? partnerOrganization.get(partners[0]!.id) : undefined) ?? agency;
    const serviceId = id(`service:${site.id}`);
    const locationId = id(`location:${site.id}`);
    const salId = id(`service_at_location:${site.id}`);
    const closures = [...allSitesClosures, ...(closuresBySite.get(site.id) ?? [])].sort(
      (a, b) => a.startDate.localeCompare(b.startDate) || a.id - b.id,
    );
    const closingStatus = (site.CovidStatuses ?? []).some((status) => status.closesSite);
    const closedToday = closures.some((closure) => covers(closure, options.today));
    const mealTypes = (site.MealTypes ?? []).map((item) => item.name);
    const populations = (site.Populations ?? []).map((item) => item.name);

    const service: HsdsService = {
      id: serviceId,
      organization_id: organization.id,
      name: site.name,
      description: `Community dining site of the congregate meals program${
        mealTypes.length ? `, serving ${mealTypes.join(', ')}` : ''
      }.`,
      url: site.website ?? `${base}/sites/${site.id}`,
      ...(site.email ? { email: site.email } : {}),
      status: closingStatus || closedToday ? 'temporarily closed' : 'active',
      ...(populations.length ? { eligibility_description: `For: ${populations.join('; ')}.` } : {}),
      ...(closures.length ? { alert: closures.map(closureText).join(' ') } : {}),
    };
    const location: HsdsLocation = {
      id: locationId,
      location_type: 'physical',
      organization_id: organization.id,
      name: site.name,
      ...(site.lat !== null && site.lng !== null ? { latitude: site.lat, longitude: site.lng } : {}),
    };
    const address: HsdsAddress = {
      id: id(`address:${site.id}`),
      location_id: locationId,
      ...parseUsAddress(site.address),
      country: 'US',
      address_type: 'physical',
    };
    const phones: HsdsPhone[] = site.phoneNumber
      ? [
          {
            id: id(`phone:site:${site.id}`),
            location_id: locationId,
            service_id: serviceId,
            number: formatPhone(site.phoneNumber),
            type: 'voice',
          },
        ]
      : [];
    const links = { service_id: serviceId, location_id: locationId, service_at_location_id: salId };
    const schedules: HsdsSchedule[] = site.Hours.map((hours) => {
      const weeks = hours.weeks?.length ? hours.weeks : undefined;
      const day = BYDAY[hours.day]!;
      return {
        // From the interval's content: hours rows are rewritten on every save, their ids are not kept.
        id: id(`schedule:${site.id}:${hours.day}:${hours.open}:${hours.close}:${weeks?.join('.') ?? ''}`),
        ...links,
        ...(timezone !== undefined ? { timezone } : {}),
        freq: weeks ? 'MONTHLY' : 'WEEKLY',
        interval: 1,
        byday: weeks ? weeks.map((week) => `${week}${day}`).join(',') : day,
        opens_at: hours.open,
        closes_at: hours.close,
        description: `${weeksText(weeks, hours.day)}, ${hours.open} to ${hours.close}.`,
        notes: zoneNote,
      };
    });
    for (const closure of closures)
      schedules.push({
        id: id(`closure:${closure.id}:site:${site.id}`),
        ...links,
        valid_from: closure.startDate,
        ...(closure.endDate !== null ? { valid_to: closure.endDate } : {}),
        description: closureText(closure),
        notes: 'No meals are served on these days, whatever the regular schedules say.',
      });

    const attributes: HsdsAttribute[] = [];
    for (const list of REFERENCE_LIST_NAMES) {
      for (const item of site[REFERENCE_LISTS[list].siteKey] ?? []) {
        const term = termOf.get(`${list}:${item.id}`);
        if (!term) continue;
        attributes.push({
          id: id(`attribute:${list}:${site.id}:${item.id}`),
          link_id: serviceId,
          link_type: TAXONOMIES[list].linkType,
          link_entity: 'service',
          taxonomy_term_id: term.id,
          label: term.name,
        });
      }
    }

    return {
      siteId: site.id,
      service,
      location,
      serviceAtLocation: { id: salId, service_id: serviceId, location_id: locationId },
      address,
      phones,
      schedules,
      attributes,
      updatedAt: Date.parse(site.updatedAt),
      searchText: foldForSearch(`${service.name}\n${service.description}`),
    };
  });

  return {
    organizations,
    organizationPhones,
    services,
    taxonomies,
    taxonomyTerms,
    serviceById: new Map(services.map((entry) => [entry.service.id, entry])),
    serviceByServiceAtLocationId: new Map(services.map((entry) => [entry.serviceAtLocation.id, entry])),
    organizationById: new Map(organizations.map((organization) => [organization.id, organization])),
    termById: new Map(taxonomyTerms.map((term) => [term.id, term])),
    taxonomyById: new Map(taxonomies.map((taxonomy) => [taxonomy.id, taxonomy])),
  };
}
