import { useTranslation } from 'react-i18next';
import { PhoneLink } from '#client/components/ui/phone-link.tsx';
import { localizedNames, Text } from '#client/lib/localized.tsx';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import './partners.css';

/** The nutrition partners (named in the page's language) with their contact details (docs/product.md R11). */
export function PartnersList({ partners }: { partners: ReferenceItem[] }) {
  const { t, i18n } = useTranslation('partners');
  const language = i18n.resolvedLanguage;
  if (partners.length === 0) return <p>{t('empty')}</p>;
  const names = localizedNames(partners, language);
  return (
    <ul className="partners-list">
      {partners.map((partner, index) => (
        <li key={partner.id} className="partners-list__item">
          <h2 className="partners-list__name">
            <Text value={names[index]!} language={language} />
          </h2>
          <dl>
            {partner.phoneNumber && (
              <div>
                <dt>{t('phone')}</dt>
                <dd>
                  <PhoneLink phone={partner.phoneNumber} />
                </dd>
              </div>
            )}
            {partner.email && (
              <div>
                <dt>{t('email')}</dt>
                <dd>
                  <a href={`mailto:${partner.email}`}>{partner.email}</a>
                </dd>
              </div>
            )}
            {partner.website && (
              <div>
                <dt>{t('website')}</dt>
                <dd>
                  <a href={partner.website}>{partner.website}</a>
                </dd>
              </div>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}
