import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate, weekdayWord } from '#client/lib/agency-clock.ts';
import { type LocalizedText, pageLanguage } from '#client/lib/localized.tsx';
import { formatInterval, listLocale, weekdayName } from '#shared/format-hours.ts';
import { groupHoursByDay, type HoursInterval } from '#shared/hours.ts';
import type { StatusClosure } from '#shared/opening-status.ts';
import { localized, type Translations } from '#shared/translations.ts';

/**
 * A site's week and closures in the words of its public page (namespace `site`), written once for
 * every place that shows them: the site page, its printout, the list handout and the site contact's
 * page (docs/product.md R17, R490), so a contact vouches for exactly what the public reads.
 */

/** Monday first, Sunday last (docs/product.md R17). */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

export interface DayRow {
  day: number;
  /** 'Monday', 'Lunes', '星期一' (a label, capitalised). */
  dayName: string;
  /** Empty: closed that day. */
  intervals: string[];
}

/**
 * All seven days, Monday first; an interval kept to some weeks of the month says which, with the
 * weekday as the sentence writes it: '11:30 AM – 1:30 PM (1st and 3rd Thursday of the month)'.
 */
export function weekRows(
  hours: readonly HoursInterval[],
  language: string | undefined,
  t: TFunction,
): DayRow[] {
  const byDay = new Map(groupHoursByDay(hours).map((group) => [group.day, group.intervals]));
  const list = new Intl.ListFormat(listLocale(language), { type: 'conjunction' });
  return WEEK.map((day) => ({
    day,
    dayName: weekdayName(day, language),
    intervals: (byDay.get(day) ?? []).map((interval) => {
      const text = formatInterval(interval, language);
      if (!interval.weeks?.length) return text;
      const weeks = [...interval.weeks]
        .sort((a, b) => (a === -1 ? 5 : a) - (b === -1 ? 5 : b))
        .map((week) => t(`site:weeks.${week === -1 ? 'last' : week}`));
      return t('site:weeksNote', { hours: text, weeks: list.format(weeks), day: weekdayWord(day, language) });
    }),
  }));
}

/** weekRows for a render, kept while the hours and the language stay. */
export function useWeekRows(hours: readonly HoursInterval[], language: string | undefined): DayRow[] {
  const { t } = useTranslation('site');
  return useMemo(() => weekRows(hours, language, t), [hours, language, t]);
}

/** A closure's reason in the page's language (the English one, marked, when staff gave none). */
export function closureReason(closure: StatusClosure, language: string | undefined): LocalizedText {
  return localized(
    closure as StatusClosure & { translations?: Translations<'reason'> },
    'reason',
    pageLanguage(language),
  );
}

/** A closure's days: 'Thursday, December 24', '… to …', 'from …, until further notice'. */
export function closureDates(closure: StatusClosure, language: string | undefined, t: TFunction): string {
  const from = formatLongDate(closure.startDate, language);
  if (closure.endDate === null) return t('site:closures.untilFurtherNotice', { from });
  if (closure.endDate === closure.startDate) return from;
  return t('site:closures.range', { from, to: formatLongDate(closure.endDate, language) });
}

/** The colon between a closure's reason and its days: full width in Chinese. */
export function reasonColon(language: string | undefined): string {
  return pageLanguage(language) === 'zh' ? '：' : ': ';
}
