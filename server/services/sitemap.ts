import { escapeHtml } from '#shared/html.ts';
import { htmlLang, LANGUAGES } from '#shared/languages.ts';

/** The public pages a search engine should know, besides one page per site. */
const PUBLIC_PATHS = [
  '/',
  '/sites',
  '/about',
  '/partners',
  '/contact',
  '/accessibility',
  '/privacy',
] as const;

const xmlEscape = escapeHtml;

/**
 * The language versions of a public page: `?lng=` for each language, and the bare address as
 * `x-default` (it follows the visitor's cookie or browser language). Absolute, from BASE_URL.
 */
function languageAlternates(baseUrl: string, pathname: string) {
  const base = baseUrl.replace(/\/+$/, '');
  return [
    ...LANGUAGES.map((language) => ({
      hreflang: htmlLang(language),
      href: `${base}${pathname}?lng=${language}`,
    })),
    { hreflang: 'x-default', href: `${base}${pathname}` },
  ];
}

/** `<link rel="alternate" hreflang>` tags for a page's <head>, so each language version can be found. */
export function alternateLinks(baseUrl: string, pathname: string): string {
  return languageAlternates(baseUrl, pathname)
    .map(({ hreflang, href }) => `<link rel="alternate" hreflang="${hreflang}" href="${xmlEscape(href)}" />`)
    .join('');
}

/**
 * sitemaps.org XML for the public pages and every site page, each with its language versions
 * (xhtml:link alternates, as search engines read them).
 */
export function sitemapXml(baseUrl: string, siteIds: readonly number[]): string {
  const paths = [...PUBLIC_PATHS, ...siteIds.map((id) => `/sites/${id}`)];
  const base = baseUrl.replace(/\/+$/, '');
  const urls = paths.map((pathname) => {
    const links = languageAlternates(baseUrl, pathname)
      .map(
        ({ hreflang, href }) =>
          `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${xmlEscape(href)}"/>`,
      )
      .join('');
    return `<url><loc>${xmlEscape(`${base}${pathname}`)}</loc>${links}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * robots.txt: the public pages may be crawled; the API and the sign-in, account and admin screens (the
 * editors are /<list>/new and /<list>/{id}/edit) are not worth a crawler's time. Says where the sitemap is.
 */
export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /account',
    'Disallow: /login',
    'Disallow: /logout',
    'Disallow: /passwords',
    'Disallow: /*/new',
    'Disallow: /*/edit',
    `Sitemap: ${baseUrl.replace(/\/+$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
}
