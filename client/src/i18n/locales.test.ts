import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/languages.ts';

/**
 * Every namespace file of every language, read from disk as it is written (the admin text included,
 * which the app loads only with the admin screens): each language has each namespace, with the same
 * keys, no empty text, the same placeholders, translated (not copied from English) and, in Chinese,
 * in Traditional characters (docs/decisions/002-chinese-script.md).
 */
type LocaleModule = { default: Record<string, unknown> };
const files = import.meta.glob<LocaleModule>('@locales/*/*.json', { eager: true });

const resources: Record<string, Record<string, unknown>> = {};
for (const [file, module] of Object.entries(files)) {
  const [, language = '', namespace = ''] = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  resources[language] ??= {};
  resources[language][namespace] = module.default;
}
const NAMESPACES = [
  ...new Set(Object.values(resources).flatMap((byNamespace) => Object.keys(byNamespace))),
].sort();
const TRANSLATIONS = LANGUAGES.filter((language) => language !== 'en');

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Contexts only some languages need: Spanish says "la 1:00" but "las 2:00" (facts.json, `_one_oclock`). */
const CONTEXT = /_one_oclock$/;
/** A key as English has it: plural suffixes and language-only contexts folded. */
const baseKey = (key: string) => key.replace(PLURAL, '').replace(CONTEXT, '');

/** Proper names and words that are the same in Spanish ('Email' is not one: 'Correo electrónico'). */
const SAME_IN_SPANISH = new Set([
  'about:orgs.nonprofit.name',
  'about:orgs.civictech.name',
  // "ext." abbreviates "extensión" as it does "extension".
  'facts:extension',
  // Diet marks Spanish takes as they are (docs/product.md R653).
  'site:menu.diets.halal',
  'site:menu.diets.kosher',
]);

/** Simplified forms whose Traditional forms these texts use (點 not 点, 帳戶 not 账户, 載入 not 载入…). */
const SIMPLIFIED =
  /[点务网络载选择项显现过们这个对时关开间区标记图设页链连试营养为与邮电话详请击访问构计团队组织统义类状况没厅账户码传删档录无览钮长发还误错败键预换儿]/u;

function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (typeof tree !== 'object' || tree === null) return [[prefix, tree]];
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

/** Leaf keys, with plural suffixes folded ('count_one', 'count_other' → 'count'): languages differ there. */
const keys = (tree: unknown) => [...new Set(leaves(tree).map(([key]) => baseKey(key)))].sort();

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]))].sort();

describe('the locale files', () => {
  it('are the same namespaces in every language, common and admin among them', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(['common', 'admin']));
    for (const language of LANGUAGES)
      expect(Object.keys(resources[language] ?? {}).sort()).toEqual(NAMESPACES);
  });
});

describe.each(NAMESPACES)('the %s texts', (namespace) => {
  const en = resources.en?.[namespace];

  it.each(TRANSLATIONS)('have every key of English in %s, and no other', (language) => {
    expect(keys(resources[language]?.[namespace])).toEqual(keys(en));
  });

  it.each(LANGUAGES)('are non-empty text in %s', (language) => {
    const bad = leaves(resources[language]?.[namespace]).filter(
      ([, value]) => typeof value !== 'string' || value.trim() === '',
    );
    expect(bad).toEqual([]);
  });

  it.each(TRANSLATIONS)('keep the placeholders of English in %s', (language) => {
    const english = new Map(leaves(en).map(([key, value]) => [baseKey(key), placeholders(String(value))]));
    const wrong = leaves(resources[language]?.[namespace])
      .map(([key, value]) => [key, placeholders(String(value)), english.get(baseKey(key))] as const)
      .filter(([, found, expected]) => JSON.stringify(found) !== JSON.stringify(expected));
    expect(wrong).toEqual([]);
  });

  it.each(TRANSLATIONS)('are translated in %s, not copied from English', (language) => {
    const english = new Map(leaves(en));
    const copied = leaves(resources[language]?.[namespace]).filter(
      ([key, value]) =>
        english.get(key) === value &&
        !(language === 'es' && SAME_IN_SPANISH.has(`${namespace}:${key}`)) &&
        /\p{L}{3,}/u.test(String(value).replace(/\{\{\w+\}\}/g, '')),
    );
    expect(copied).toEqual([]);
  });

  it('are in Traditional characters in zh', () => {
    const simplified = leaves(resources.zh?.[namespace]).filter(([, value]) =>
      SIMPLIFIED.test(String(value)),
    );
    expect(simplified).toEqual([]);
  });
});
