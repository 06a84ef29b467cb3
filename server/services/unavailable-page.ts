import { escapeHtml } from '#shared/html.ts';
import { htmlLang, type Language } from '#shared/languages.ts';
import { formatPhone } from '#shared/phone.ts';

/**
 * The small page a visitor gets when the database is out of reach (docs/product.md R425): what
 * happened, when to try again and the agency's phone, in the visitor's language. It needs nothing
 * but these words — no database, no script, no stylesheet from the build. The words follow
 * docs/glossary.md ("call" is Llame / 請致電; Traditional Chinese as written in Hong Kong).
 */
const WORDS: Record<Language, { title: string; body: string; retry: string; call: string }> = {
  en: {
    title: 'The meal site directory is briefly unavailable',
    body: 'We cannot show the directory right now. This usually lasts only a few minutes.',
    retry: 'Please try again in a minute.',
    call: 'To find a meal site now, call {{phone}}.',
  },
  es: {
    title: 'El directorio de comedores no está disponible por un momento',
    body: 'No podemos mostrar el directorio en este momento. Por lo general, esto dura solo unos minutos.',
    retry: 'Vuelva a intentarlo en un minuto.',
    call: 'Para encontrar un comedor ahora, llame al {{phone}}.',
  },
  zh: {
    title: '膳食地點目錄暫時未能使用',
    body: '我們現在未能顯示目錄，通常幾分鐘後便會回復。',
    retry: '請於一分鐘後再試。',
    call: '如需即時尋找膳食地點，請致電 {{phone}}。',
  },
};

/** The whole HTML page; `phone` is the agency's 10 digits (AGENCY_PHONE). */
export function unavailablePage(language: Language, phone: string): string {
  const words = WORDS[language];
  const number = formatPhone(phone);
  const call = escapeHtml(words.call).replace(
    '{{phone}}',
    `<a href="tel:+1${phone}">${escapeHtml(number)}</a>`,
  );
  return `<!doctype html>
<html lang="${htmlLang(language)}"><head><meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>${escapeHtml(words.title)}</title>
<style>body{font-family:system-ui,sans-serif;font-size:1.125rem;line-height:1.5;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}a{color:#0b57d0}</style>
</head><body><main>
<h1>${escapeHtml(words.title)}</h1>
<p>${escapeHtml(words.body)}</p>
<p>${escapeHtml(words.retry)}</p>
<p>${call}</p>
</main></body></html>
`;
}
