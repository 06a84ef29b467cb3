import { useTranslation } from 'react-i18next';
import type { AgencySettings } from '#shared/app-data.ts';
import { FOOTER_PHONE } from '#shared/constants.ts';
import { pickLanguage } from '#shared/languages.ts';
import { appData } from './app-data.ts';

/** What a page without server data (the dev server) shows: the program's defaults. */
const DEFAULT_AGENCY: AgencySettings = {
  name: {},
  logoUrl: null,
  phone: FOOTER_PHONE,
  phoneHours: null,
  email: 'meals@example.org',
  contribution: {},
};

export interface Agency {
  /** In the page's language: the deployment's name when it set one, otherwise the translated one. */
  name: string;
  logoUrl: string | null;
  phone: string;
  /** When the phone is answered, in words. */
  phoneHours: string;
  email: string;
  /** The program's words about contributions, when the deployment wrote them in this language (R506). */
  contribution: string | undefined;
}

/** The agency's name, logo, phone, phone hours and e-mail (AGENCY_*, docs/product.md R110). */
export function useAgency(): Agency {
  const { t, i18n } = useTranslation('common');
  const settings = appData().config.agency ?? DEFAULT_AGENCY;
  const language = pickLanguage(i18n.resolvedLanguage) ?? 'en';
  return {
    name: settings.name[language] ?? t('agency.name'),
    logoUrl: settings.logoUrl,
    phone: settings.phone,
    phoneHours: settings.phoneHours ?? t('agency.phoneHours'),
    email: settings.email,
    contribution: settings.contribution?.[language],
  };
}
