/**
 * Reference items, closure reasons and site names in the page's language (their translations, entered
 * by staff), with the English text as the fallback. A fallback inside a Spanish or Chinese page is
 * marked `lang="en"`, so a screen reader reads it with English rules; a translation inside another
 * language's text is marked with its own tag. See docs/decisions/022-translated-data.md.
 */
import { Fragment, type ReactNode } from 'react';
import { listLocale } from '#shared/format-hours.ts';
import { FALLBACK_LANGUAGE, htmlLang, isLanguage, type Language } from '#shared/languages.ts';
import { LIST_SEPARATOR } from '#shared/site-display.ts';
import { localized, type Translations } from '#shared/translations.ts';

/** A text with the language it is written in. */
export interface LocalizedText {
  text: string;
  lang: Language;
}

/** The page's language as one of ours ('zh-TW' → 'zh'; anything unknown → English). */
export function pageLanguage(language: string | undefined): Language {
  const base = language?.toLowerCase().split('-')[0];
  return isLanguage(base) ? base : FALLBACK_LANGUAGE;
}

type Named = { name: string; translations?: Translations<'name'> | undefined };

/**
 * The names of a list of items in `language`, computed once per (list, language): lists keep their
 * identity across filter changes and row renders (a site's `Populations`, a loaded reference list),
 * so ten thousand rows or a filter change never translate the same list twice.
 */
const namesCache = new WeakMap<readonly Named[], Map<Language, readonly LocalizedText[]>>();

export function localizedNames(
  items: readonly Named[],
  language: string | undefined,
): readonly LocalizedText[] {
  const lng = pageLanguage(language);
  let byLanguage = namesCache.get(items);
  if (!byLanguage) {
    byLanguage = new Map();
    namesCache.set(items, byLanguage);
  }
  let names = byLanguage.get(lng);
  if (!names) {
    names = items.map((item) => localized(item as Named & { name: string }, 'name', lng));
    byLanguage.set(lng, names);
  }
  return names;
}

/** One item's name in `language` (through the list cache when the item is part of a list). */
export function localizedName(item: Named, language: string | undefined): LocalizedText {
  return localized(item as Named & { name: string }, 'name', pageLanguage(language));
}

/** The `lang` attribute a text needs inside a page in `language`: none when it is the page's own. */
export function langAttribute(text: LocalizedText, language: string | undefined): string | undefined {
  return text.lang === pageLanguage(language) ? undefined : htmlLang(text.lang);
}

/** A text, in an element of its own language when it is not the page's. */
export function Text({ value, language }: { value: LocalizedText; language: string | undefined }) {
  const lang = langAttribute(value, language);
  return lang ? <span lang={lang}>{value.text}</span> : value.text;
}

/** Names joined by ' | ' (a row's populations, a site page's lists), each marked with its language. */
export function JoinedNames({
  names,
  language,
  separator = LIST_SEPARATOR,
}: {
  names: readonly LocalizedText[];
  language: string | undefined;
  separator?: string;
}) {
  return (
    <>
      {names.map((name, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for this render; names may repeat.
        <Fragment key={index}>
          {index > 0 && separator}
          <Text value={name} language={language} />
        </Fragment>
      ))}
    </>
  );
}

const listFormats = new Map<string, Intl.ListFormat>();

/**
 * Names as the language writes a list: 'Takeout only, and Indoor dining', 'Para llevar y Comer en el
 * comedor', '外賣及堂食' (Intl.ListFormat in the page's locale), each name marked with its language.
 */
export function ListedNames({
  names,
  language,
}: {
  names: readonly LocalizedText[];
  language: string | undefined;
}): ReactNode {
  const locale = listLocale(language);
  let format = listFormats.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { type: 'conjunction' });
    listFormats.set(locale, format);
  }
  const parts = format.formatToParts(names.map((name) => name.text));
  let next = 0;
  return (
    <>
      {parts.map((part, index) => {
        if (part.type === 'literal') return part.value;
        const name = names[next++]!;
        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one formatted list, in order.
        return <Text key={index} value={name} language={language} />;
      })}
    </>
  );
}

/** A list in plain text (an attribute, a meta description): the language's list format. */
export function listText(names: readonly string[], language: string | undefined): string {
  const locale = listLocale(language);
  let format = listFormats.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { type: 'conjunction' });
    listFormats.set(locale, format);
  }
  return format.format(names);
}

type NamedSite = { name: string; translations?: Translations<'name'> | undefined };

/** Between a site's own name and its name in the reader's language. */
export const NAME_JOINER = ' · ';

/**
 * A site's name in `language` when staff gave one, shown beside its own (English) name, which stays
 * the name on signs and in search: 'Chinatown Senior Lunch · 華埠長者午膳'. Undefined when there is none.
 */
export function translatedSiteName(site: NamedSite, language: string | undefined): LocalizedText | undefined {
  const lng = pageLanguage(language);
  if (lng === FALLBACK_LANGUAGE) return undefined;
  const name = localized(site as NamedSite & { name: string }, 'name', lng);
  return name.lang === lng && name.text !== site.name ? name : undefined;
}

/** The name as plain text (a marker's title, the page's description): 'Chinatown Senior Lunch · 華埠長者午膳'. */
export function siteNameText(site: NamedSite, language: string | undefined): string {
  const translated = translatedSiteName(site, language);
  return translated ? `${site.name}${NAME_JOINER}${translated.text}` : site.name;
}

/** The name as the page shows it: the own name marked English on other pages, then the translation. */
export function SiteName({ site, language }: { site: NamedSite; language: string | undefined }) {
  const translated = translatedSiteName(site, language);
  return (
    <>
      <Text value={{ text: site.name, lang: FALLBACK_LANGUAGE }} language={language} />
      {translated && (
        <>
          {NAME_JOINER}
          <Text value={translated} language={language} />
        </>
      )}
    </>
  );
}
