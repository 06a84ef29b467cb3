import { useTranslation } from 'react-i18next';
import { switchLanguage } from '#client/i18n/index.ts';
import { htmlLang, LANGUAGE_LABELS, LANGUAGES } from '#shared/languages.ts';

/**
 * The three language buttons, each labelled in its own language (docs/product.md R30) and marked with
 * its tag ('zh-Hant': the Chinese is Traditional), so a screen reader reads '中文' as Chinese.
 *
 * They are the submit buttons of a GET form: without JavaScript (or before it has started) a press
 * loads the same page as `?lng=es`, which the server renders in that language (docs/product.md R112).
 * With JavaScript the page switches in place, without a reload, once that language's words are loaded
 * (Spanish and Chinese come in chunks of their own, docs/decisions/044-one-language-in-the-first-bundle.md).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage;
  return (
    <form className="language-switch" method="get">
      <fieldset>
        <legend className="visually-hidden">{t('nav.language')}</legend>
        {LANGUAGES.map((language) => (
          <button
            key={language}
            type="submit"
            name="lng"
            value={language}
            lang={htmlLang(language)}
            aria-pressed={current === language}
            onClick={(event) => {
              event.preventDefault();
              void switchLanguage(language, i18n);
            }}
          >
            {LANGUAGE_LABELS[language]}
          </button>
        ))}
      </fieldset>
    </form>
  );
}
