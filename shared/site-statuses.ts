/**
 * Every site's status at one moment of the agency's clock, computed once for a whole list (the list,
 * the map, the printed handout); the hooks that call it at the current minute are in agency-clock.ts.
 */
import { type AgencyMoment, agencyMoment } from '#shared/agency-time.ts';
import {
  isOpenToday,
  type SiteStatus,
  type StatusClosure,
  type StatusSite,
  siteStatusAt,
} from '#shared/opening-status.ts';

/** Whether each site is open now and open (or still to open) today, for the opening filter. */
export interface Opening {
  now: boolean;
  today: boolean;
}

export interface Statuses {
  /** The agency's date ('YYYY-MM-DD') the statuses were computed for. */
  today: string;
  /** The agency's moment they were computed at (for a reservation's cut-off). */
  moment: AgencyMoment;
  /** The closures the statuses were computed with (their reasons' translations). */
  closures: readonly StatusClosure[];
  byId: ReadonlyMap<number, SiteStatus>;
  opening: (id: number) => Opening | undefined;
}

/**
 * Every site's status at one agency moment: computed once per (sites, closures, minute), not per row
 * or per filter change. Linear in the number of sites (each site looks only at its own closures).
 */
export function computeStatuses(
  sites: readonly StatusSite[],
  closures: readonly StatusClosure[],
  now: number,
  timeZone: string,
): Statuses {
  // One agency moment for the whole list (reading the zone's clock is the costly part).
  const moment = agencyMoment(now, timeZone);
  const today = moment.date;
  const byId = new Map<number, SiteStatus>();
  for (const site of sites) byId.set(site.id, siteStatusAt(site, closures, moment));
  const openings = new Map<number, Opening>();
  return {
    today,
    moment,
    closures,
    byId,
    opening: (id) => {
      let known = openings.get(id);
      if (!known) {
        const status = byId.get(id);
        if (!status) return undefined;
        known = { now: status.kind === 'open', today: isOpenToday(status) };
        openings.set(id, known);
      }
      return known;
    },
  };
}
