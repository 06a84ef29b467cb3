import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { agencySettings } from './services/public-config.ts';

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
}

describe('the agency settings (docs/product.md R110)', () => {
  it('default to the program phone and no name of their own (each language shows its translated name)', () => {
    expect(agencySettings(loadConfig({}))).toEqual({
      name: {},
      logoUrl: null,
      phone: '4175575000',
      phoneHours: null,
      email: 'meals@example.org',
      contribution: {},
    });
  });

  it('take a name for every language, or per language, a logo, a phone in any US form, hours, e-mail and contribution words', () => {
    const settings = agencySettings(
      loadConfig({
        AGENCY_NAME: ' Riverside Aging Services ',
        AGENCY_NAME_ZH: '河畔長者服務',
        AGENCY_LOGO_URL: 'https://cdn.example.org/logo.svg',
        AGENCY_PHONE: '+1 (510) 555-0199',
        AGENCY_PHONE_HOURS: 'Weekdays 9–4',
        AGENCY_EMAIL: 'help@riverside.example.org',
        AGENCY_NAME_ES: '',
        AGENCY_CONTRIBUTION_TEXT: ' Pay what you can; no one is turned away. ',
        AGENCY_CONTRIBUTION_TEXT_ZH: '隨意捐助，不會拒絕任何人用餐。',
      }),
    );
    expect(settings).toEqual({
      name: { en: 'Riverside Aging Services', es: 'Riverside Aging Services', zh: '河畔長者服務' },
      logoUrl: 'https://cdn.example.org/logo.svg',
      phone: '5105550199',
      phoneHours: 'Weekdays 9–4',
      email: 'help@riverside.example.org',
      // The contribution words only in the languages written; Spanish reads the translated default.
      contribution: { en: 'Pay what you can; no one is turned away.', zh: '隨意捐助，不會拒絕任何人用餐。' },
    });
    expect(agencySettings(loadConfig({ AGENCY_LOGO_URL: '/uploads/logo.png' })).logoUrl).toBe(
      '/uploads/logo.png',
    );
  });

  it('refuses a phone that is not 10 digits, an e-mail that is not one and a logo that is no address', () => {
    const problems = problemsOf({
      AGENCY_PHONE: '555-0199',
      AGENCY_EMAIL: 'not an address',
      AGENCY_LOGO_URL: 'javascript:alert(1)',
    });
    expect(problems.map((problem) => problem.split(' ')[0]).sort()).toEqual([
      'AGENCY_EMAIL',
      'AGENCY_LOGO_URL',
      'AGENCY_PHONE',
    ]);
  });
});
