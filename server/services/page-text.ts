import type { AgencySettings } from '#shared/app-data.ts';
import { FOOTER_PHONE } from '#shared/constants.ts';
import { escapeHtml } from '#shared/html.ts';
import { htmlLang, type Language } from '#shared/languages.ts';
import en from '#shared/locales/en/common.json' with { type: 'json' };
import es from '#shared/locales/es/common.json' with { type: 'json' };
import zh from '#shared/locales/zh/common.json' with { type: 'json' };
import { formatPhone } from '#shared/phone.ts';

/**
 * The words the server puts into a page it does not render (the sign-in and password pages, a list
 * with filters in its address): its `<html lang>`, meta description and no-JavaScript message, in
 * the reader's language. The words are the interface's own (common.json), so they are translated
 * and reviewed in one place.
 */
const COMMON: Record<Language, { meta: { description: string; noscript: string } }> = { en, es, zh };

export interface PageText {
  /** The `lang` of `<html>`: 'zh-Hant' for Chinese. */
  lang: string;
  /** HTML text (escaped). */
  description: string;
  /** HTML text (escaped). */
  noscript: string;
}

/** `phone`: the agency's (AGENCY_PHONE, 10 digits); the program's default number when left out. */
export function pageText(language: Language, phone: string = FOOTER_PHONE): PageText {
  const { meta } = COMMON[language];
  return {
    lang: htmlLang(language),
    description: escapeHtml(meta.description),
    noscript: escapeHtml(meta.noscript.replace('{{phone}}', formatPhone(phone))),
  };
}

/**
 * The agency's name in `language` (docs/product.md R110): the deployment's own (AGENCY_NAME…), else
 * the interface's translated default, as the pages' header and footer say it.
 */
export function agencyNameIn(agency: Pick<AgencySettings, 'name'>, language: Language): string {
  return agency.name[language] ?? (COMMON[language] as unknown as typeof en).agency.name;
}
