import { describe, expect, it } from 'vitest';
import { buildResources } from './index.ts';

/** The public pages' texts exist in every language, translated (SPEC.md §1; issue 3 item 2). */
const NAMESPACES = ['home', 'about', 'sites', 'site', 'partners'] as const;
const resources = buildResources();

/** Proper names that stay as they are in Spanish (the organisation's own name). */
const SAME_IN_SPANISH = new Set(['orgs.nonprofit.name', 'orgs.civictech.name']);

/** Leaf keys, with plural suffixes folded ('count_one', 'count_other' → 'count'). */
function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null)
    return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
  return [
    ...new Set(
      Object.entries(tree).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key)),
    ),
  ];
}

function leaves(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree !== 'object' || tree === null) return [[prefix, String(tree)]];
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

/** Simplified forms whose Traditional forms these texts use (點 not 点, 網絡 not 网络, 載入 not 载入…). */
const SIMPLIFIED =
  /[点务网络载选择项显现过们这个对时关开间区标记图设页链连试营养为与邮电话详请击访问构计团队组织统义类状况没厅]/u;

describe.each(NAMESPACES)('the %s texts', (namespace) => {
  const en = resources.en?.[namespace];

  it('exist in English', () => {
    expect(en).toBeDefined();
  });

  it.each(['es', 'zh'])('have every key in %s', (language) => {
    expect(keys(resources[language]?.[namespace]).sort()).toEqual(keys(en).sort());
  });

  it.each(['es', 'zh'])('are translated in %s, not copied from English', (language) => {
    const english = new Map(leaves(en));
    const copied = leaves(resources[language]?.[namespace]).filter(
      ([key, value]) =>
        english.get(key) === value &&
        !(language === 'es' && SAME_IN_SPANISH.has(key)) &&
        /\p{L}{3,}/u.test(value.replace(/\{\{\w+\}\}/g, '')),
    );
    expect(copied).toEqual([]);
  });

  it('are in Traditional characters in zh', () => {
    const simplified = leaves(resources.zh?.[namespace]).filter(([, value]) => SIMPLIFIED.test(value));
    expect(simplified).toEqual([]);
  });

  it('keep the same placeholders in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const english = new Map(
      leaves(en).map(([key, value]) => [key.replace(/_(one|other)$/, ''), placeholders(value)]),
    );
    for (const language of ['es', 'zh']) {
      for (const [key, value] of leaves(resources[language]?.[namespace])) {
        expect(placeholders(value), `${language}:${namespace}.${key}`).toEqual(
          english.get(key.replace(/_(one|other|many)$/, '')),
        );
      }
    }
  });
});
