import { weekdayOf, weekOfMonth } from '#shared/agency-time.ts';
import { sortHours } from '#shared/hours.ts';
import type { Site } from '#shared/schemas/sites.ts';

/** A site's hours on the agency's date `today`, in order: its weekday's intervals that run that week. */
export function hoursOn(hours: Site['Hours'], today: string): Site['Hours'] {
  const day = weekdayOf(today);
  const { nth, last } = weekOfMonth(today);
  return sortHours(
    hours.filter(
      (interval) =>
        interval.day === day &&
        (!interval.weeks?.length ||
          interval.weeks.includes(nth as 1 | 2 | 3 | 4) ||
          (last && interval.weeks.includes(-1))),
    ),
  );
}
