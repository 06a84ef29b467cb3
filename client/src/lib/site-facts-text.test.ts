import { describe, expect, it } from 'vitest';
import type { SiteFacts } from '#shared/site-facts.ts';
import { RESERVED_LUNCH_FACTS } from '#testing/site-facts.ts';
import { createTestI18n } from '../testing/i18n.ts';
import { beforeYouGoLines, factsSummary } from './site-facts-text.ts';

/** A site's facts in words in three languages (docs/product.md R510–R513). */

const NEEDS_RESERVATION: SiteFacts = {
  ...RESERVED_LUNCH_FACTS,
  languages: [...RESERVED_LUNCH_FACTS.languages],
};

async function linesIn(language: string, facts: SiteFacts, extra: object = {}) {
  const i18n = await createTestI18n(language);
  const t = i18n.getFixedT(language);
  return beforeYouGoLines(facts, t, { language, phoneNumber: '4155550123', ...extra });
}

describe('before you go, in words', () => {
  it('says what a first visit needs, in English', async () => {
    const lines = await linesIn('en', NEEDS_RESERVATION);
    const text = Object.fromEntries(lines.map((line) => [line.key, line.text]));
    expect(text.reservation).toBe('Reservation needed: call (415) 555-0123 by 1:00 PM the day before');
    expect(text.cost).toBe('$3 suggested for 60+ · guests $6');
    expect(lines.find((line) => line.key === 'cost')?.more).toEqual([
      'Contributions are voluntary and confidential. No one is turned away.',
    ]);
    expect(text.firstVisit).toBe('First visit: a short form, no ID needed');
    expect(text.languages).toBe('Staff speak Cantonese, English');
    expect(text.access).toBe('Step-free entrance · accessible restroom');
  });

  it('writes the same facts in Spanish and Chinese, money as each writes it', async () => {
    const es = Object.fromEntries((await linesIn('es', NEEDS_RESERVATION)).map((l) => [l.key, l.text]));
    expect(es.reservation).toBe(
      'Se necesita reservación: llame al (415) 555-0123 antes de la 1:00 p.m. del día anterior',
    );
    expect(es.cost).toBe('$3 sugeridos para personas de 60 años o más · invitados $6');
    expect(es.languages).toBe('El personal habla cantonés, inglés');
    const zh = Object.fromEntries((await linesIn('zh', NEEDS_RESERVATION)).map((l) => [l.key, l.text]));
    expect(zh.reservation).toBe('需要預約：請於前一日下午1:00前致電 (415) 555-0123');
    expect(zh.languages).toBe('職員會講廣東話、英語');
    expect(zh.access).toBe('無梯級入口 · 無障礙洗手間');
  });

  it('says nothing about a fact nobody entered, and "no" only when staff said no', async () => {
    expect(await linesIn('en', {})).toEqual([]);
    const lines = await linesIn('en', { elevator: false });
    expect(lines.map((line) => line.text)).toEqual(['No elevator']);
  });

  it('uses the deployment’s contribution words and the reservation phone with the site’s extension', async () => {
    const lines = await linesIn(
      'en',
      { reservation: 'required', reserveHours: 48, cost: 'suggested' },
      { phoneExtension: '3', contribution: 'Pay what you can.' },
    );
    expect(lines[0]?.text).toBe('Reservation needed: call (415) 555-0123, ext. 3 at least 48 hours ahead');
    expect(lines[1]?.more).toEqual(['Pay what you can.']);
  });

  it('marks an untranslated note as English on a Spanish page', async () => {
    const lines = await linesIn('es', {
      notes: { transit: 'Muni 14', about: 'Bingo on Fridays' },
      translations: { es: { about: 'Bingo los viernes' } },
    });
    expect(lines.find((line) => line.key === 'about')?.note).toEqual({
      text: 'Bingo los viernes',
      lang: 'es',
    });
    expect(lines.find((line) => line.key === 'transport')?.note).toEqual({
      text: 'Transporte público: Muni 14',
      lang: 'en',
    });
  });

  it('sums up the deciding facts on one line', async () => {
    const i18n = await createTestI18n('en');
    const t = i18n.getFixedT('en');
    expect(factsSummary(NEEDS_RESERVATION, t, 'en')).toBe(
      'Reservation needed · $3 suggested for 60+ · guests $6 · Step-free entrance',
    );
    expect(factsSummary({ walkIns: true, cost: 'free' }, t, 'en')).toBe('Walk-ins welcome · Free');
    expect(factsSummary({ languages: ['es'] }, t, 'en')).toBeUndefined();
  });
});
