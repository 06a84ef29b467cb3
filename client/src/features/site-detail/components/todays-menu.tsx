import { useTranslation } from 'react-i18next';
import { formatLongDate, useAgencyToday } from '#client/lib/agency-clock.ts';
import {
  ListedNames,
  type LocalizedText,
  listText,
  localizedName,
  pageLanguage,
  Text,
} from '#client/lib/localized.tsx';
import { addDays } from '#shared/agency-time.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { formatCalendarMonth, formatInterval } from '#shared/format-hours.ts';
import type { Language } from '#shared/languages.ts';
import { type DietMark, dietMarkName, WEEK_AHEAD_DAYS } from '#shared/menus.ts';
import type { SiteMenu } from '#shared/schemas/menus.ts';
import { localized } from '#shared/translations.ts';
import { useSiteMenu } from '../api/get-site-menu.ts';
import './todays-menu.css';

type MenuDay = SiteMenu['days'][number];

/**
 * Today's and tomorrow's menu near the top of a site page (docs/product.md R659): each meal with the
 * day's hours as its time, its dishes in the reader's language (an English fallback marked
 * `lang="en"`) with their diet marks in words, and its note. "Menu not published" for a day without
 * one; a closed day is left out. Then the week ahead (R680): the seven days after tomorrow, one line
 * each, a closed day said "Closed". Links to the calendar file, the printable week menu (R681) and the
 * provider's printed menus (R683). With every day closed nothing is shown. On the server, and until
 * the browser knows the agency's date, "today" is the first date of the embedded menu (the server's
 * agency date), so the page reads the same without JavaScript.
 */
export function TodaysMenu({ siteId }: { siteId: number }) {
  const menu = useSiteMenu(siteId).data;
  const known = useAgencyToday();
  const { t, i18n } = useTranslation('site');
  if (!menu) return null;
  const language = i18n.resolvedLanguage;
  const lng = pageLanguage(language);
  const today = known ?? menu.from;
  const tomorrow = addDays(today, 1);
  const days = [
    { date: today, label: t('today') },
    { date: tomorrow, label: t('menu.tomorrow') },
  ].flatMap(({ date, label }) => {
    const day = menu.days.find((d) => d.date === date);
    return day && day.status !== 'closed' ? [{ day, label }] : [];
  });
  const last = addDays(tomorrow, WEEK_AHEAD_DAYS);
  const week = menu.days.filter((day) => day.date > tomorrow && day.date <= last);
  // The week ahead, and the week's printout, only when a day of it has a menu: a site that publishes
  // none is not shown seven lines of "Menu not published" (R680, R681).
  const weekPublished = week.some((day) => day.status === 'published');
  if (days.length === 0 && !weekPublished) return null;
  const printed = days.filter(({ day }) => day.status === 'published');
  // On paper the site page keeps one line for today's and one for tomorrow's menu, so it stays on one
  // sheet; the week has its own printout (R681, R684).
  return (
    <>
      {printed.length > 0 && (
        <div className="print-only todays-menu__print">
          {printed.map(({ day, label }) => (
            <p key={day.date}>
              <strong>
                {t('menu.heading')} · {label}:
              </strong>{' '}
              <DayLine day={day} menu={menu} language={language} />
            </p>
          ))}
        </div>
      )}
      <section className="todays-menu no-print" aria-labelledby="site-menu">
        <h2 id="site-menu">{t('menu.heading')}</h2>
        {days.map(({ day, label }) => (
          <MenuOfDay key={day.date} day={day} label={label} menu={menu} language={language} />
        ))}
        {weekPublished && (
          <>
            <h3>{t('menu.weekAhead')}</h3>
            <ul className="todays-menu__week">
              {week.map((day) => (
                <li key={day.date}>
                  <strong>{formatLongDate(day.date, language)}</strong>
                  {': '}
                  <DayLine day={day} menu={menu} language={language} />
                </li>
              ))}
            </ul>
          </>
        )}
        <ul className="todays-menu__links">
          {(weekPublished || printed.length > 0) && (
            <li>
              <a href={apiPaths.weekMenuPrint(siteId, lng)}>{t('menu.print')}</a>
            </li>
          )}
          {menu.printedMenus.map((file) => (
            <li key={file.id}>
              <a href={file.url} type={file.contentType}>
                {t(file.contentType === 'application/pdf' ? 'menu.printedPdf' : 'menu.printedImage', {
                  month: formatCalendarMonth(file.month, language),
                })}
              </a>
            </li>
          ))}
          <li>
            <a href={apiPaths.siteMenuIcs(siteId)}>{t('menu.calendar')}</a>
          </li>
        </ul>
      </section>
    </>
  );
}

/**
 * A day's meals on one line: each meal's name, its dishes with their diet marks in words ("Lunch:
 * Chicken congee (Halal, Soft texture), Mapo tofu (Vegetarian)"), or why there is none.
 */
function DayLine({ day, menu, language }: { day: MenuDay; menu: SiteMenu; language: string | undefined }) {
  const { t } = useTranslation('site');
  const lng = pageLanguage(language);
  if (day.status === 'closed') return <>{t('menu.closed')}</>;
  if (day.status === 'not_published') return <>{t('menu.notPublished')}</>;
  return (
    <>
      {day.meals.map((meal, index) => {
        const type = menu.mealTypes.find((item) => item.id === meal.mealTypeId);
        return (
          <span key={meal.mealTypeId}>
            {index > 0 && '; '}
            {type && (
              <>
                <Text value={localizedName(type, language)} language={language} />
                {': '}
              </>
            )}
            {meal.dishes.map((dish, at) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a meal's dishes in their order; names may repeat.
              <span key={at}>
                {at > 0 && ', '}
                <Text value={localizedName(dish, language)} language={language} />
                {dish.diets.length > 0 &&
                  ` (${listText(
                    dish.diets.flatMap((mark) => markName(mark, menu, lng, t).map((word) => word.text)),
                    language,
                  )})`}
              </span>
            ))}
          </span>
        );
      })}
    </>
  );
}

/**
 * A mark in words (R694): a fixed one in the interface's words, the agency's own from the menu's
 * `dietMarks` (its name comes with the data, an English fallback marked `lang="en"`), by the one rule
 * `dietMarkName` (shared/menus.ts, already in the first bundle through the filters); a mark removed
 * since is left out.
 */
function markName(
  mark: string,
  menu: SiteMenu,
  lng: Language,
  t: (key: `menu.diets.${DietMark}`) => string,
): LocalizedText[] {
  const word = dietMarkName(mark, menu.dietMarks, lng, (fixed) => t(`menu.diets.${fixed}`));
  return word ? [word] : [];
}

function MenuOfDay({
  day,
  label,
  menu,
  language,
}: {
  day: MenuDay;
  label: string;
  menu: SiteMenu;
  language: string | undefined;
}) {
  const { t } = useTranslation('site');
  const lng = pageLanguage(language);
  const time = day.hours.map((interval) => formatInterval(interval, language)).join(', ');
  return (
    <div className="todays-menu__day">
      <h3>
        {label} <span className="todays-menu__date">{formatLongDate(day.date, language)}</span>
      </h3>
      {day.status === 'not_published' ? (
        <p>{t('menu.notPublished')}</p>
      ) : (
        day.meals.map((meal) => {
          const type = menu.mealTypes.find((item) => item.id === meal.mealTypeId);
          const note = meal.note
            ? localized({ note: meal.note, translations: meal.translations }, 'note', lng)
            : null;
          return (
            <div key={meal.mealTypeId} className="todays-menu__meal">
              <h4>
                {type ? (
                  <Text value={localizedName(type, language)} language={language} />
                ) : (
                  t('menu.heading')
                )}
                {time && <span className="todays-menu__time"> {time}</span>}
              </h4>
              <ul className="todays-menu__dishes">
                {meal.dishes.map((dish, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a meal's dishes in their order; names may repeat.
                  <li key={index}>
                    <Text value={localizedName(dish, language)} language={language} />
                    {dish.diets.length > 0 && (
                      <span className="todays-menu__diets">
                        {' '}
                        (
                        <ListedNames
                          names={dish.diets.flatMap((mark) => markName(mark, menu, lng, t))}
                          language={language}
                        />
                        )
                      </span>
                    )}
                  </li>
                ))}
              </ul>
              {note && (
                <p className="todays-menu__note">
                  <Text value={note} language={language} />
                </p>
              )}
            </div>
          );
        })
      )}
    </div>
  );
}
