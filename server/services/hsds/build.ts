/**
 * The open-data feed's mapping: `buildDataset` turns the directory's public reads into HSDS 3.0
 * records (the dataset's shape is in dataset.ts, its fixed words in vocabulary.ts), and
 * `foldForSearch`, the folding its search text and the feed's queries share.
 */
import { agencyMoment } from '#shared/agency-time.ts';
import { formatPhone } from '#shared/phone.ts';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS } from '#shared/reference-lists.ts';
import type { Closure } from '#shared/schemas/closures.ts';
import { foldText, searchTextOf } from '#shared/site-search.ts';
import { parseUsAddress } from './address.ts';
import type {
  HsdsDataset,
  HsdsDefunctEntry,
  HsdsListedService,
  HsdsOptions,
  HsdsServiceEntry,
  HsdsSource,
} from './dataset.ts';
import { DEFAULT_CONTRIBUTION_TEXT, feedFacts } from './facts.ts';
import { menuAttributes, menuTaxonomy } from './menus.ts';
import type {
  HsdsAddress,
  HsdsAttribute,
  HsdsLocation,
  HsdsOrganization,
  HsdsPhone,
  HsdsSchedule,
  HsdsService,
  HsdsTaxonomy,
  HsdsTaxonomyTerm,
} from './model.ts';
import { uuidV5 } from './uuid.ts';
import { BYDAY, closureText, TAXONOMIES, weeksText } from './vocabulary.ts';

/**
 * Folds text for search the way the directory's own name search does (shared/site-search.ts
 * `foldText`: lower case, accents removed, spaces collapsed), after compatibility forms are unified
 * (full-width letters, ligatures). Linear in the text's length.
 */
export function foldForSearch(text: string): string {
  return foldText(text.normalize('NFKC'));
}

import { fixedUtcOffset } from '#shared/agency-time.ts';

export { fixedUtcOffset };

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

  // Menus (R699): a taxonomy whose terms are the languages a day's menu is given in.
  const menuVocabulary = source.menus ? menuTaxonomy(id) : undefined;
  if (menuVocabulary) {
    taxonomies.push(menuVocabulary.taxonomy);
    taxonomyTerms.push(...Object.values(menuVocabulary.terms));
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
    // Only lasting states set the status: a closing status, or a closure until further notice that
    // has begun. A dated closure stays a dated schedule and the alert, even on its days (R480).
    const closingStatus = (site.CovidStatuses ?? []).some((status) => status.closesSite);
    const closedForNow = closures.some(
      (closure) => closure.endDate === null && closure.startDate <= options.today,
    );
    const mealTypes = (site.MealTypes ?? []).map((item) => item.name);
    const populations = (site.Populations ?? []).map((item) => item.name);
    const facts = feedFacts(
      site,
      { serviceId, locationId },
      { id, contribution: options.contributionText || DEFAULT_CONTRIBUTION_TEXT },
    );
    const eligibility = [populations.length ? `For: ${populations.join('; ')}.` : '', facts.eligibility ?? '']
      .filter(Boolean)
      .join(' ');

    const service: HsdsService = {
      id: serviceId,
      organization_id: organization.id,
      name: site.name,
      description: `Community dining site of the congregate meals program${
        mealTypes.length ? `, serving ${mealTypes.join(', ')}` : ''
      }.${facts.about ? ` ${facts.about}` : ''}`,
      url: site.website ?? `${base}/sites/${site.id}`,
      ...(site.email ? { email: site.email } : {}),
      status: closingStatus || closedForNow ? 'temporarily closed' : 'active',
      ...facts.service,
      ...(eligibility ? { eligibility_description: eligibility } : {}),
      ...(site.confirmedAt
        ? { assured_date: agencyMoment(Date.parse(site.confirmedAt), options.timeZone).date }
        : {}),
      ...(closures.length ? { alert: closures.map(closureText).join(' ') } : {}),
    };
    const location: HsdsLocation = {
      id: locationId,
      location_type: 'physical',
      organization_id: organization.id,
      name: site.name,
      ...(facts.transportation ? { transportation: facts.transportation } : {}),
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
            ...(facts.extension && 'extension' in facts.extension ? facts.extension : {}),
            type: 'voice',
            ...(facts.extension && 'description' in facts.extension ? facts.extension : {}),
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

    const menu =
      source.menus && menuVocabulary
        ? menuAttributes(site, closures, source.menus, source.lists.mealtypes, {
            id,
            serviceId,
            terms: menuVocabulary.terms,
            today: options.today,
          })
        : { attributes: [], changedAt: 0 };
    attributes.push(...menu.attributes);

    return {
      siteId: site.id,
      service,
      location,
      serviceAtLocation: { id: salId, service_id: serviceId, location_id: locationId },
      address,
      phones,
      schedules,
      attributes,
      languages: facts.languages,
      costOptions: facts.costOptions,
      accessibility: facts.accessibility,
      modifiedAt: Math.max(source.modified?.of(site.id) ?? Date.parse(site.updatedAt), menu.changedAt),
      // What the directory's own name search looks in (its names, address and partners), so that the
      // feed's `search` and the public search list the same sites (docs/product.md R724).
      searchText: searchTextOf(site),
    };
  });

  const live = new Set(source.sites.map((site) => site.id));
  const defunct = (source.deleted ?? [])
    .filter((deleted) => !live.has(deleted.id))
    .map((deleted): HsdsDefunctEntry => {
      const service: HsdsService = {
        id: id(`service:${deleted.id}`),
        organization_id: agency.id,
        name: deleted.name,
        description: `Was a community dining site of the congregate meals program; removed from the directory on ${
          agencyMoment(Date.parse(deleted.deletedAt), options.timeZone).date
        }.`,
        status: 'defunct',
      };
      return {
        siteId: deleted.id,
        service,
        modifiedAt: Date.parse(deleted.deletedAt),
        searchText: foldForSearch(service.name),
      };
    });
  const listed: HsdsListedService[] = [...services, ...defunct];

  return {
    organizations,
    organizationPhones,
    services,
    defunct,
    listed,
    taxonomies,
    taxonomyTerms,
    serviceById: new Map(listed.map((entry) => [entry.service.id, entry])),
    serviceByServiceAtLocationId: new Map(services.map((entry) => [entry.serviceAtLocation.id, entry])),
    organizationById: new Map(organizations.map((organization) => [organization.id, organization])),
    termById: new Map(taxonomyTerms.map((term) => [term.id, term])),
    taxonomyById: new Map(taxonomies.map((taxonomy) => [taxonomy.id, taxonomy])),
  };
}
