import type { ImportErrorCode, RowError } from '#shared/imports.ts';
import type { Language } from '#shared/languages.ts';
import enImports from '#shared/locales/en/admin-imports.json' with { type: 'json' };
import en from '#shared/locales/en/validation.json' with { type: 'json' };
import esImports from '#shared/locales/es/admin-imports.json' with { type: 'json' };
import es from '#shared/locales/es/validation.json' with { type: 'json' };
import zhImports from '#shared/locales/zh/admin-imports.json' with { type: 'json' };
import zh from '#shared/locales/zh/validation.json' with { type: 'json' };
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

/** Builds a row's field error with its message in the reader's language. */
export type RowErrorOf = (column: string, code: ValidationCode, params?: ValidationParams) => RowError;

export const rowErrorOf =
  (language: Language): RowErrorOf =>
  (column, code, params) => ({
    column,
    code,
    message: fieldMessage(code, params, language),
    ...(params ? { params } : {}),
  });
