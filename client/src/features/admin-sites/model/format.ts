import { minutesOf } from '../../../../../shared/hours.ts';

// 7 January 2024 was a Sunday: day d of the week is 7 + d January.
const weekdayDate = (day: number) => new Date(Date.UTC(2024, 0, 7 + day, 12));

/** The weekday's name in `language` ('Monday', 'lunes', '星期一'); 0 is Sunday (SPEC.md §3). */
export function weekdayName(day: number, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(weekdayDate(day));
}

/** 'HH:mm' in the language's usual clock ('5:00 PM', '17:00', '下午5:00'); DECISIONS.md 9. */
export function clockTime(time: string, language: string): string {
  const minutes = minutesOf(time);
  const date = new Date(Date.UTC(2024, 0, 1, Math.floor(minutes / 60), minutes % 60));
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    date,
  );
}
