import { describe, expect, it } from 'vitest';
import { buildResources } from './index.ts';

/** The sign-in, account and photo texts exist in every language, translated (SPEC.md §1, decision 002). */
const NAMESPACES = ['auth', 'account', 'photo'] as const;
const resources = buildResources();

/** Leaf keys, with plural suffixes folded ('tooLarge_one', 'tooLarge_other' → 'tooLarge'). */
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

// Simplified forms whose Traditional forms these texts use (帳戶 not 账户, 設定 not 设定…).
const SIMPLIFIED = /[账户设码请选择传删档录这过们时无览钮图长发还误网页链连错败试络键预换儿]/u;

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
      ([key, value]) => english.get(key) === value && /\p{L}{3,}/u.test(value.replace(/\{\{\w+\}\}/g, '')),
    );
    expect(copied).toEqual([]);
  });

  it('are in Traditional characters in zh', () => {
    const simplified = leaves(resources.zh?.[namespace]).filter(([, value]) => SIMPLIFIED.test(value));
    expect(simplified).toEqual([]);
  });
});
