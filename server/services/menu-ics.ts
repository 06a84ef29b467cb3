import { addDays } from '#shared/agency-time.ts';
import { formatInterval } from '#shared/format-hours.ts';
import type { Language } from '#shared/languages.ts';
import en from '#shared/locales/en/site.json' with { type: 'json' };
import es from '#shared/locales/es/site.json' with { type: 'json' };
import zh from '#shared/locales/zh/site.json' with { type: 'json' };
import { dietMarkName } from '#shared/menus.ts';
import type { SiteMenu } from '#shared/schemas/menus.ts';
import { localized, type Translations } from '#shared/translations.ts';

/**
 * A site's menu as an iCalendar file (RFC 5545; docs/product.md R663, docs/decisions/060-menus.md):
 * one all-day event per published meal, so a senior centre's screen or a calendar can show it. Written
 * here line by line — no dependency for a few lines of text — with the standard's TEXT escaping and
 * its folding of lines longer than 75 octets, never inside a character.
 */

const WORDS: Record<Language, typeof en.menu> = { en: en.menu, es: es.menu, zh: zh.menu };

/** TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma, and line breaks as \n. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * Content-line folding (RFC 5545 3.1): at most 75 octets a line, a longer one continued on lines that
 * start with one space; a UTF-8 character is never cut.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // Continuation lines begin with a space, which counts towards their 75 octets.
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compact = (date: string) => date.replace(/-/g, '');

function stamp(now: Date): string {
  return `${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
}

export function menuCalendar(options: {
  menu: SiteMenu;
  site: { name: string; translations?: Translations<'name'> };
  language: Language;
  now: Date;
  host: string;
}): string {
  const { menu, language } = options;
  const words = WORDS[language];
  const text = (entity: { translations?: Translations<'name'> | null; name: string }) =>
    localized(entity, 'name', language).text;
  const siteName = text(options.site);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Meal sites directory//Menus//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(words.calendarName.replace('{{site}}', siteName))}`,
  ];
  for (const day of menu.days) {
    if (day.status !== 'published') continue;
    const time = day.hours.map((interval) => formatInterval(interval, language)).join(', ');
    for (const meal of day.meals) {
      const type = menu.mealTypes.find((item) => item.id === meal.mealTypeId);
      const dishes = meal.dishes.map((dish) => text(dish));
      const details = meal.dishes.map((dish) => {
        const diets = dish.diets
          .flatMap((mark) => dietMarkName(mark, menu.dietMarks, language, (m) => words.diets[m])?.text ?? [])
          .join(', ');
        return diets ? `${text(dish)} (${diets})` : text(dish);
      });
      const note = meal.note
        ? localized({ note: meal.note, translations: meal.translations }, 'note', language)
        : null;
      const description = [...(time ? [time] : []), ...details, ...(note ? [note.text] : [])].join('\n');
      lines.push(
        'BEGIN:VEVENT',
        `UID:menu-${menu.siteId}-${day.date}-${meal.mealTypeId}@${options.host}`,
        `DTSTAMP:${stamp(options.now)}`,
        `DTSTART;VALUE=DATE:${compact(day.date)}`,
        `DTEND;VALUE=DATE:${compact(addDays(day.date, 1))}`,
        `SUMMARY:${escapeText(`${type ? text(type) : words.heading}: ${dishes.join(', ')}`)}`,
        `DESCRIPTION:${escapeText(description)}`,
        'TRANSP:TRANSPARENT',
        'END:VEVENT',
      );
    }
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
