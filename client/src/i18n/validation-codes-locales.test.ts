import { describe, expect, it } from 'vitest';
import en from '#shared/locales/en/validation.json' with { type: 'json' };
import es from '#shared/locales/es/validation.json' with { type: 'json' };
import zh from '#shared/locales/zh/validation.json' with { type: 'json' };
import { VALIDATION_CODES, VALIDATION_MESSAGES } from '#shared/validation.ts';

/** Every validation code of shared/validation.ts is translated in every language, with its params. */
const files: Record<string, { codes: Record<string, string> }> = { en, es, zh };
const codesIn = (language: string) => files[language]?.codes ?? {};
const placeholders = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]).sort();

// Simplified forms whose Traditional forms these texts use (個 not 个, 數 not 数, 檔 not 档…).
const SIMPLIFIED = /[个数档项须写语组编传图无网从时间开关这为与该请输选码账户设错]/u;

describe.each(['en', 'es', 'zh'])('validation codes in %s', (language) => {
  const texts = codesIn(language);

  it('has a text for every code of the table, and no other', () => {
    expect(Object.keys(texts).sort()).toEqual([...VALIDATION_CODES].sort());
  });

  it.each(VALIDATION_CODES)('%s fills in the same params as the English message', (code) => {
    expect(placeholders(texts[code] ?? '', /\{\{(\w+)\}\}/g)).toEqual(
      placeholders(VALIDATION_MESSAGES[code], /\{(\w+)\}/g),
    );
  });
});

describe.each(['es', 'zh'])('validation codes in %s', (language) => {
  it('are translated, not copied from English', () => {
    const english = codesIn('en');
    const copied = Object.entries(codesIn(language)).filter(([code, text]) => english[code] === text);
    expect(copied).toEqual([]);
  });
});

it('uses Traditional characters in zh', () => {
  expect(Object.values(codesIn('zh')).filter((text) => SIMPLIFIED.test(text))).toEqual([]);
});
