import { formatCalendarDate, formatInterval, listLocale } from '#shared/format-hours.ts';
import { escapeHtml } from '#shared/html.ts';
import { htmlLang, type Language } from '#shared/languages.ts';
import printEn from '#shared/locales/en/print.json' with { type: 'json' };
import siteEn from '#shared/locales/en/site.json' with { type: 'json' };
import printEs from '#shared/locales/es/print.json' with { type: 'json' };
import siteEs from '#shared/locales/es/site.json' with { type: 'json' };
import printZh from '#shared/locales/zh/print.json' with { type: 'json' };
import siteZh from '#shared/locales/zh/site.json' with { type: 'json' };
import { dietMarkName, PRINTED_WEEK_DAYS } from '#shared/menus.ts';
import type { SiteMenu } from '#shared/schemas/menus.ts';
import { localized, type Translations } from '#shared/translations.ts';

/**
 * The printable week menu of a site (docs/product.md R681, docs/decisions/065): a small page made here,
 * without the app's JavaScript, that prints on one sheet in large type — the site's name and address,
 * each of the seven days from the agency's today with its hours as the meals' time, the dishes with
 * their diet marks in words (or "Closed", "Menu not published"), and the QR code of the site page.
 * Every word is the interface's own (print.json `week`, site.json `menu`) in the reader's language;
 * a name not translated is shown in English and marked `lang="en"`.
 */

const WORDS = {
  en: { print: printEn, site: siteEn },
  es: { print: printEs, site: siteEs },
  zh: { print: printZh, site: siteZh },
} satisfies Record<Language, unknown>;

export interface WeekMenuSite {
  id: number;
  name: string;
  address: string;
  translations?: Translations<'name'> | null;
}

export interface WeekMenuPage {
  site: WeekMenuSite;
  menu: SiteMenu;
  language: Language;
  /** The site page's address written short, 'meals.example.org/sites/12'. */
  shortAddress: string;
  /** The agency's date of printing. */
  today: string;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** Text in its language: a span marked `lang` when it is not the page's (an English fallback). */
function inLanguage(value: { text: string; lang: string }, language: Language): string {
  const text = escapeHtml(value.text);
  return value.lang === language ? text : `<span lang="${value.lang}">${text}</span>`;
}

const STYLE = `
@page { size: letter; margin: 0.45in; }
* { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK TC", sans-serif; font-size: 1.125rem; line-height: 1.35; margin: 1rem; color: #000; background: #fff; }
a { color: #0645ad; }
header { display: flex; gap: 1rem; align-items: flex-start; justify-content: space-between; flex-wrap: wrap; border-bottom: 2px solid #000; padding-bottom: 0.5rem; }
h1 { font-size: 1.6rem; margin: 0 0 0.25rem; }
.address, .dates { margin: 0; }
.qr { text-align: center; font-size: 0.9rem; max-width: 12rem; overflow-wrap: anywhere; }
.qr img { display: block; margin: 0 auto; }
ol.days { list-style: none; padding: 0; margin: 0.75rem 0 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr)); gap: 0.5rem 1rem; }
.day { break-inside: avoid; border-top: 1px solid #555; padding-top: 0.25rem; }
h2 { font-size: 1.2rem; margin: 0 0 0.15rem; }
h3 { font-size: 1.05rem; margin: 0.2rem 0 0; }
ul.dishes { margin: 0; padding-left: 1.25rem; }
p { margin: 0.15rem 0; }
.screen-only { margin: 1rem 0; }
footer { margin-top: 0.75rem; font-size: 0.9rem; }
@media print {
  html { font-size: 13.5pt; }
  body { margin: 0; font-size: 1rem; line-height: 1.2; }
  header { flex-wrap: nowrap; padding-bottom: 0.25rem; }
  h1 { font-size: 1.4rem; }
  h2 { font-size: 1.1rem; }
  h3 { font-size: 1rem; }
  .qr { font-size: 0.8rem; max-width: 10rem; }
  .qr img { width: 1.2in; height: 1.2in; }
  ol.days { grid-template-columns: 1fr 1fr; gap: 0.1in 0.3in; margin-top: 0.4rem; }
  ul.dishes { padding-left: 1rem; }
  .screen-only { display: none; }
  footer { margin-top: 0.4rem; font-size: 0.8rem; }
  a { color: #000; text-decoration: none; }
}`;

/** The page's HTML: a whole document, every text escaped. */
export function weekMenuPage({ site, menu, language, shortAddress, today }: WeekMenuPage): string {
  const words = WORDS[language];
  const week = words.print.week;
  const m = words.site.menu;
  const days = menu.days.slice(0, PRINTED_WEEK_DAYS);
  // Diet marks said as the page's language joins a list ("Vegetarian and Halal", "素食和清真").
  const lists = new Intl.ListFormat(listLocale(language), { type: 'conjunction' });
  const name = localized({ name: site.name, translations: site.translations ?? {} }, 'name', language);
  const siteName =
    name.lang === language && name.text !== site.name ? `${site.name} · ${name.text}` : site.name;
  const first = days[0]?.date ?? menu.from;
  const last = days.at(-1)?.date ?? menu.to;
  const dates = fill(week.dates, {
    from: formatCalendarDate(first, language, { weekday: true }),
    to: formatCalendarDate(last, language, { weekday: true }),
  });
  const heading = fill(escapeHtml(week.heading), {
    site: inLanguage({ text: site.name, lang: 'en' }, language),
  });
  const dayItems = days
    .map((day) => {
      const date = escapeHtml(formatCalendarDate(day.date, language, { weekday: true }));
      const time = day.hours.map((interval) => formatInterval(interval, language)).join(', ');
      let body: string;
      if (day.status === 'closed') body = `<p>${escapeHtml(m.closed)}</p>`;
      else if (day.status === 'not_published') body = `<p>${escapeHtml(m.notPublished)}</p>`;
      else
        body = day.meals
          .map((meal) => {
            const type = menu.mealTypes.find((item) => item.id === meal.mealTypeId);
            const mealName = type
              ? inLanguage(localized(type, 'name', language), language)
              : escapeHtml(m.heading);
            const title = time
              ? fill(escapeHtml(week.mealTime), { meal: mealName, time: escapeHtml(time) })
              : mealName;
            const dishes = meal.dishes
              .map((dish) => {
                const diets = lists.format(
                  dish.diets.flatMap((mark) => {
                    const word = dietMarkName(mark, menu.dietMarks, language, (fixed) => m.diets[fixed]);
                    return word ? [word.text] : [];
                  }),
                );
                return `<li>${inLanguage(localized(dish, 'name', language), language)}${
                  diets ? ` (${escapeHtml(diets)})` : ''
                }</li>`;
              })
              .join('');
            const note = meal.note
              ? `<p>${inLanguage(localized({ note: meal.note, translations: meal.translations }, 'note', language), language)}</p>`
              : '';
            return `<h3>${title}</h3><ul class="dishes">${dishes}</ul>${note}`;
          })
          .join('');
      return `<li class="day"><h2>${date}</h2>${body}</li>`;
    })
    .join('');
  const sitePage = `/sites/${site.id}?lng=${language}`;
  const title = `${escapeHtml(siteName)}: ${escapeHtml(week.title)}`;
  return `<!doctype html>
<html lang="${htmlLang(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<div>
<h1>${heading}${siteName !== site.name ? ` <span lang="${htmlLang(language)}">· ${escapeHtml(name.text)}</span>` : ''}</h1>
<p class="address">${escapeHtml(site.address)}</p>
<p class="dates">${escapeHtml(dates)}</p>
</div>
<div class="qr">
<img src="/api/sites/${site.id}/qr.svg?lng=${language}" alt="${escapeHtml(words.print.qrAlt)}" width="116" height="116">
<p>${escapeHtml(words.print.scan)} <strong>${escapeHtml(shortAddress)}</strong></p>
</div>
</header>
<p class="screen-only">${escapeHtml(week.hint)} <a href="${escapeHtml(sitePage)}">${escapeHtml(week.back)}</a></p>
<main>
<ol class="days">${dayItems}</ol>
</main>
<footer><p>${escapeHtml(fill(words.print.printedOn, { date: formatCalendarDate(today, language) }))}</p></footer>
</body>
</html>`;
}
