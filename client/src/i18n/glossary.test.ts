import { describe, expect, it } from 'vitest';

/**
 * The words docs/glossary.md rules out, per language: each is either another variant (Taiwan's 網路
 * next to Hong Kong's 網絡), a calque no reader uses, or a second word for a place that already has one.
 */
type LocaleModule = { default: Record<string, unknown> };
const files = import.meta.glob<LocaleModule>('@locales/*/*.json', { eager: true });

const RULED_OUT: Record<string, RegExp> = {
  en: /\bprogramme|\borganisation|\be-mail/i,
  es: /socios? de nutrici[oó]n|\bubicaciones\b|\bpulse\b|\bintro\b|\blugar\b|personas mayores de 60|\breserva\b/i,
  zh: /電子郵件|網路|今天|營養合作夥伴|人類服務|用餐地點|停業|餐點類型|外賣餐點|這筆|60 歲以上|電梯|停車|訂座/,
};

function leaves(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree !== 'object' || tree === null) return [[prefix, String(tree)]];
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

describe.each(Object.keys(RULED_OUT))('the %s texts', (language) => {
  it('use the glossary’s words only', () => {
    const offending = Object.entries(files)
      .filter(([file]) => file.includes(`/locales/${language}/`))
      .flatMap(([file, module]) =>
        leaves(module.default)
          .filter(([, text]) => RULED_OUT[language]?.test(text))
          .map(([key, text]) => `${file.split('/').at(-1)}:${key} ${text}`),
      );
    expect(offending).toEqual([]);
  });
});
