/**
 * The agency's calendar on the server: which date it is where the agency is, whatever the server's
 * own zone (docs/decisions/020-hours-closures-and-agency-time.md). Built-in Intl only.
 */

export const DEFAULT_AGENCY_TIME_ZONE = 'America/Los_Angeles';

/** True for a time-zone name Intl knows (an IANA name such as America/Los_Angeles, or UTC). */
export function isTimeZone(name: string): boolean {
  if (name.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The agency's date at an instant, as 'YYYY-MM-DD'. */
export function agencyDate(now: Date | number, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year!.padStart(4, '0')}-${parts.month}-${parts.day}`;
}
