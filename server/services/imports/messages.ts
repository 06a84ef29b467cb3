import enImports from '#client/i18n/locales/en/admin-imports.json' with { type: 'json' };
import en from '#client/i18n/locales/en/validation.json' with { type: 'json' };
import esImports from '#client/i18n/locales/es/admin-imports.json' with { type: 'json' };
import es from '#client/i18n/locales/es/validation.json' with { type: 'json' };
import zhImports from '#client/i18n/locales/zh/admin-imports.json' with { type: 'json' };
import zh from '#client/i18n/locales/zh/validation.json' with { type: 'json' };
import type { ImportErrorCode } from '#shared/imports.ts';
import type { Language } from '#shared/languages.ts';
import {
  formatParam,
  type ValidationCode,
  type ValidationParams,
  validationMessage,
} from '#shared/validation.ts';

/**
 * The words of the import's messages in the reader's language: a row's field errors use the
 * interface's own validation texts (validation.json), a refused file the import screen's
 * (admin-imports.json), so the API, the screen and the command line say the same thing.
 */
const CODES: Record<Language, Record<string, string>> = {
  en: en.codes,
  es: es.codes,
  zh: zh.codes,
};
const FILE_ERRORS: Record<Language, Record<string, string>> = {
  en: enImports.errors,
  es: esImports.errors,
  zh: zhImports.errors,
};

const fill = (text: string, params: ValidationParams = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? formatParam(params[name]!) : whole,
  );

export function fieldMessage(code: ValidationCode, params: ValidationParams | undefined, language: Language) {
  const text = CODES[language][code];
  return text ? fill(text, params) : validationMessage(code, params);
}

export function importErrorMessage(
  code: ImportErrorCode,
  params: Record<string, string | number> | undefined,
  language: Language,
) {
  return fill(FILE_ERRORS[language][code] ?? FILE_ERRORS.en[code] ?? code, params);
}
