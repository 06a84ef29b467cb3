/**
 * The page template and what is written into it: the built renderer, index.html in each language
 * (its `<html lang>`, description and no-JavaScript message, the language's preloaded words) and the
 * embedded app data. Used by the pages plugin (plugins/pages.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageText } from '#server/services/page-text.ts';
import type { AppData } from '#shared/app-data.ts';
import type { Language } from '#shared/languages.ts';

export const HTML = 'text/html; charset=utf-8';

/** dist/server/entry-server.js (client/src/entry-server.tsx). */
export interface PageRenderer {
  render(input: { url: string; language: Language; data: AppData }): {
    html: string;
    title: string;
    /** The page's meta description in its language, as HTML text (escaped). */
    description?: string;
  };
}

/**
 * JSON text made safe inside <script type="application/json">: in JSON, '<', '>' and '&' can only
 * occur inside strings, where their \u escapes mean the same — so nothing can close the element.
 */
function scriptSafeJson(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export async function loadRenderer(clientRoot: string): Promise<PageRenderer | null> {
  const file = path.resolve(clientRoot, '../server/entry-server.js');
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

/** Replaces one marker; a function replacement, so '$&' in a site's name stays text. */
export function put(html: string, marker: string | RegExp, content: string) {
  return html.replace(marker, () => content);
}

/** The page with its data embedded, for the browser app to start from. */
export const withData = (html: string, data: AppData) =>
  put(
    html,
    '<!--app-data-->',
    `<script id="app-data" type="application/json">${scriptSafeJson(JSON.stringify(data))}</script>`,
  );

const DESCRIPTION = /<meta name="description" content="[^"]*" \/>/;
/** index.html's `<noscript><!--noscript-->English text</noscript>`: the text is the server's to fill. */
const NOSCRIPT = /<noscript><!--noscript-->[^<]*<\/noscript>/;

/**
 * The template in a language: `<html lang>` (zh-Hant for Chinese), the no-JavaScript message and,
 * unless the page has its own, the meta description.
 */
export function inLanguage(template: string, language: Language, description?: string, phone?: string) {
  const text = pageText(language, phone);
  let html = put(template, /<html lang="[^"]*">/, `<html lang="${text.lang}">`);
  html = put(html, NOSCRIPT, `<noscript>${text.noscript}</noscript>`);
  const content = (description ?? text.description).replace(/"/g, '&quot;');
  return put(html, DESCRIPTION, `<meta name="description" content="${content}" />`);
}

/**
 * index.html for each language: a Spanish or Chinese page also preloads its language's words, the
 * chunk the browser needs before it takes the page over (client/src/i18n/words-es.ts, words-zh.ts;
 * docs/decisions/044-one-language-in-the-first-bundle.md), so it comes with the first bundle instead
 * of after it.
 */
export function languageTemplates(
  template: string | undefined,
  root: string,
): Record<Language, string | undefined> {
  const assets = path.join(root, 'assets');
  const files = template && fs.existsSync(assets) ? fs.readdirSync(assets) : [];
  const withWords = (language: Language) => {
    const chunk = files.find((file) => file.startsWith(`words-${language}-`) && file.endsWith('.js'));
    return template && chunk
      ? put(template, '</head>', `<link rel="modulepreload" crossorigin href="/assets/${chunk}"></head>`)
      : template;
  };
  return { en: template, es: withWords('es'), zh: withWords('zh') };
}
