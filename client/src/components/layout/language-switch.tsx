import { useTranslation } from 'react-i18next';
import { htmlLang, LANGUAGE_LABELS, LANGUAGES } from '#shared/languages.ts';

/**
 * The three language buttons, each labelled in its own language (docs/product.md R30) and marked with
 * its tag ('zh-Hant': the Chinese is Traditional), so a screen reader reads '中文' as Chinese.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage;
  return (
    <fieldset className="language-switch">
      <legend className="visually-hidden">{t('nav.language')}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={htmlLang(language)}
          aria-pressed={current === language}
          onClick={() => void i18n.changeLanguage(language)}
        >
          {LANGUAGE_LABELS[language]}
        </button>
      ))}
    </fieldset>
  );
}
