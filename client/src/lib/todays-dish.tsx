/**
 * Today's dish on the locations page's rows and map popups, and the data of its diet filter
 * (docs/product.md R685–R688, docs/decisions/066-todays-dish-on-rows.md): every site's dishes of the
 * agency's today, read once (the server embeds them in the page) and read again when the agency's
 * midnight passes on the page's minute clock (agency-clock.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgencyToday } from '#client/lib/agency-clock.ts';
import { api } from '#client/lib/api.ts';
import { ListedNames, localizedName, pageLanguage, Text } from '#client/lib/localized.tsx';
import { apiPaths } from '#shared/api-paths.ts';
import { preloadKeys } from '#shared/app-data.ts';
import { type DietMark, type Dish, isDietMark, type TodaysMenus } from '#shared/menus.ts';

/**
 * Every site's dishes of today, or undefined while they are not known for the agency's date: loading,
 * failed, or still yesterday's after the agency's midnight (read again at once). On the server and
 * while hydrating the page's clock is not known, and the embedded answer (the server's agency date) is
 * used as it is, so the HTML and the first browser render agree. `enabled` false: not asked (a large
 * directory's rows carry their dish, docs/product.md R716).
 */
export function useTodaysMenus(enabled = true): TodaysMenus | undefined {
  const today = useAgencyToday();
  const query = useQuery({
    queryKey: preloadKeys.todaysMenus,
    queryFn: ({ signal }) => api<TodaysMenus>(apiPaths.todaysMenus, { signal }),
    enabled,
  });
  const data = query.data;
  const old = today !== null && data !== undefined && data.date < today;
  const { refetch } = query;
  useEffect(() => {
    if (old) void refetch();
  }, [old, refetch]);
  return old ? undefined : data;
}

/** A lookup of a site's dishes of today in these menus. */
export function dishesIn(menus: TodaysMenus | undefined): (id: number) => Dish[] | undefined {
  const sites = menus?.sites;
  return (id) => sites?.[String(id)];
}

/**
 * One short line: "Today's menu: Lentil stew (Vegetarian, Low sodium)": the dish in the reader's
 * language (an English fallback marked lang="en") and its diet marks as small words.
 */
export function TodaysDishLine({
  dish,
  className,
  language,
}: {
  dish: Dish;
  className: string;
  language: string | undefined;
}) {
  const { t } = useTranslation('sites');
  const site = useTranslation('site');
  const lng = pageLanguage(language);
  // The fixed marks have words in the bundle; the agency's own are named on the site page (R694).
  const marks = dish.diets.filter(isDietMark);
  return (
    <p className={className}>
      <span className="todays-dish__label">{t('menuToday.label')}</span>{' '}
      <Text value={localizedName(dish, language)} language={language} />
      {marks.length > 0 && (
        <small className="todays-dish__diets">
          {' '}
          (
          <ListedNames
            names={marks.map((mark: DietMark) => ({ text: site.t(`menu.diets.${mark}`), lang: lng }))}
            language={language}
          />
          )
        </small>
      )}
    </p>
  );
}
