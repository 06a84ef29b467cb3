import { useTranslation } from 'react-i18next';
import { formatLongDate, useAgencyToday } from '#client/lib/agency-clock.ts';
import {
  ListedNames,
  type LocalizedText,
  localizedName,
  pageLanguage,
  Text,
} from '#client/lib/localized.tsx';
import { addDays } from '#shared/agency-time.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { formatInterval } from '#shared/format-hours.ts';
import type { Language } from '#shared/languages.ts';
import type { DietMark } from '#shared/menus.ts';
import type { SiteMenu } from '#shared/schemas/menus.ts';
import { localized } from '#shared/translations.ts';
import { useSiteMenu } from '../api/get-site-menu.ts';
import './todays-menu.css';

type MenuDay = SiteMenu['days'][number];

/**
 * Today's and tomorrow's menu near the top of a site page (docs/product.md R659): each meal with the
 * day's hours as its time, its dishes in the reader's language (an English fallback marked
 * `lang="en"`) with their diet marks in words, and its note. "Menu not published" for a day without
 * one; a closed day is left out, and with both closed nothing is shown. On the server, and until the
 * browser knows the agency's date, "today" is the first date of the embedded menu (the server's
 * agency date), so the page reads the same without JavaScript.
 */
export function TodaysMenu({ siteId }: { siteId: number }) {
  const menu = useSiteMenu(siteId).data;
  const known = useAgencyToday();
  const { t, i18n } = useTranslation('site');
  if (!menu) return null;
  const language = i18n.resolvedLanguage;
  const today = known ?? menu.from;
  const days = [
    { date: today, label: t('today') },
    { date: addDays(today, 1), label: t('menu.tomorrow') },
  ].flatMap(({ date, label }) => {
    const day = menu.days.find((d) => d.date === date);
    return day && day.status !== 'closed' ? [{ day, label }] : [];
  });
  if (days.length === 0) return null;
  // Not printed with the site page, which stays on one sheet (the printed week menu is for later, R664).
  return (
    <section className="todays-menu no-print" aria-labelledby="site-menu">
      <h2 id="site-menu">{t('menu.heading')}</h2>
      {days.map(({ day, label }) => (
        <MenuOfDay key={day.date} day={day} label={label} menu={menu} language={language} />
      ))}
      <p className="todays-menu__calendar">
        <a href={apiPaths.siteMenuIcs(siteId)}>{t('menu.calendar')}</a>
      </p>
    </section>
  );
}

/**
 * A mark in words (R694): a fixed one in the interface's words, the agency's own from the menu's
 * `dietMarks` (its name comes with the data, an English fallback marked `lang="en"`). Written out here
 * rather than importing `dietMarkName` (shared/menus.ts), so the page's first bundle stays as it is.
 */
function markName(
  mark: string,
  menu: SiteMenu,
  lng: Language,
  t: (key: `menu.diets.${DietMark}`) => string,
): LocalizedText[] {
  if (!mark.startsWith('agency-')) return [{ text: t(`menu.diets.${mark as DietMark}`), lang: lng }];
  const own = menu.dietMarks.find((item) => `agency-${item.id}` === mark);
  return own ? [localized(own, 'name', lng)] : [];
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
