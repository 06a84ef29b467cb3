import { agencyMoment } from '#shared/agency-time.ts';

/**
 * The agency's calendar on the server: which date it is where the agency is, whatever the server's
 * own zone (docs/decisions/020-hours-closures-and-agency-time.md). The same rules as the pages'.
 */
export { DEFAULT_AGENCY_TIME_ZONE, isTimeZone } from '#shared/agency-time.ts';

/** The agency's date at an instant, as 'YYYY-MM-DD'. */
export function agencyDate(now: Date | number, timeZone: string): string {
  return agencyMoment(now, timeZone).date;
}
