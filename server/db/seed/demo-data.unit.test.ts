import { describe, expect, it } from 'vitest';
import {
  DEMO_COVID_STATUSES,
  DEMO_ITEM_TRANSLATIONS,
  DEMO_MEAL_TYPES,
  DEMO_NUTRITION_PARTNERS,
  DEMO_POPULATIONS,
  DEMO_SERVICES,
  DEMO_SITE_TRANSLATIONS,
  DEMO_SITES,
} from './demo-data.ts';

const ITEM_NAMES = [
  ...DEMO_NUTRITION_PARTNERS.map((partner) => partner.name),
  ...DEMO_POPULATIONS,
  ...DEMO_MEAL_TYPES,
  ...DEMO_SERVICES,
  ...DEMO_COVID_STATUSES,
];
/** A Chinese (CJK) character: a Chinese name is written in them, not left in English. */
const HAN = /\p{Script=Han}/u;

describe('the demo translations', () => {
  it.each(ITEM_NAMES)('%s has a Spanish and a Chinese name', (name) => {
    const translation = DEMO_ITEM_TRANSLATIONS[name];
    expect(translation?.es.trim()).toBeTruthy();
    expect(translation?.es).not.toBe(name);
    expect(translation?.zh).toMatch(HAN);
  });

  it('translates only names the demo lists have', () => {
    expect(Object.keys(DEMO_ITEM_TRANSLATIONS).sort()).toEqual([...ITEM_NAMES].sort());
  });

  it('gives the Chinatown sites a Chinese name, and names only demo sites', () => {
    const chinatown = DEMO_SITES.filter((site) => site.name.startsWith('Chinatown'));
    expect(chinatown.length).toBeGreaterThan(0);
    for (const site of chinatown) expect(DEMO_SITE_TRANSLATIONS[site.name]?.zh).toMatch(/^華埠/);
    const names = new Set(DEMO_SITES.map((site) => site.name));
    for (const name of Object.keys(DEMO_SITE_TRANSLATIONS)) expect(names.has(name), name).toBe(true);
  });

  it('writes Chinese in Traditional characters with Hong Kong words', () => {
    const chinese = [
      ...Object.values(DEMO_ITEM_TRANSLATIONS).map((t) => t.zh),
      ...Object.values(DEMO_SITE_TRANSLATIONS).flatMap((t) => (t.zh ? [t.zh] : [])),
    ].join('');
    // Simplified forms and Taiwan words a Hong Kong reader would not use.
    for (const foreign of ['餐馆', '长者', '网络', '网路', '外带', '轮椅', '菜单', '營養師', '網路']) {
      expect(chinese).not.toContain(foreign);
    }
  });
});
