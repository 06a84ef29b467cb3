/** The site form's text fields: the name and its translations, the address and the contact fields. */
import { useTranslation } from 'react-i18next';
import { TextField } from '#client/components/ui/text-field.tsx';
import type { SiteFormValues } from '../model/site-form.ts';

type TextKey =
  | 'name'
  | 'nameEs'
  | 'nameZh'
  | 'address'
  | 'phoneNumber'
  | 'phoneExtension'
  | 'email'
  | 'website';

export function SiteTextFields({
  values,
  fieldErrors,
  onChange,
}: {
  values: SiteFormValues;
  /** The errors by field path ('name', 'translations.es.name', …). */
  fieldErrors: Record<string, string>;
  onChange: (key: TextKey, value: string) => void;
}) {
  const { t } = useTranslation('admin');
  const text = (key: TextKey) => ({
    name: key,
    value: values[key],
    onChange: (event: { target: { value: string } }) => onChange(key, event.target.value),
    error: fieldErrors[key],
    autoComplete: 'off',
  });
  return (
    <>
      <TextField label={t('fields.nameRequired')} {...text('name')} />
      <TextField
        label={t('translations.nameEs')}
        hint={t('translations.siteHint')}
        lang="es"
        {...text('nameEs')}
        error={fieldErrors['translations.es.name']}
      />
      <TextField
        label={t('translations.nameZh')}
        hint={t('translations.siteHint')}
        lang="zh-Hant"
        {...text('nameZh')}
        error={fieldErrors['translations.zh.name']}
      />
      <TextField label={t('fields.addressRequired')} hint={t('site.addressHint')} {...text('address')} />
      <ContactFields values={values} fieldErrors={fieldErrors} onChange={onChange} />
    </>
  );
}

type ContactKey = 'phoneNumber' | 'phoneExtension' | 'email' | 'website';

/** The contact fields: phone and extension, e-mail, website; the whole site form's and a partner's. */
export function ContactFields({
  values,
  fieldErrors,
  onChange,
}: {
  values: Pick<SiteFormValues, ContactKey>;
  fieldErrors: Record<string, string | undefined>;
  onChange: (key: ContactKey, value: string) => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tFacts } = useTranslation('admin-facts');
  const text = (key: ContactKey) => ({
    name: key,
    value: values[key],
    onChange: (event: { target: { value: string } }) => onChange(key, event.target.value),
    error: fieldErrors[key],
    autoComplete: 'off',
  });
  return (
    <>
      <TextField
        label={t('fields.phoneNumber')}
        hint={t('fields.phoneHint')}
        type="tel"
        inputMode="tel"
        {...text('phoneNumber')}
      />
      <TextField
        label={tFacts('extension')}
        hint={tFacts('extensionHint')}
        inputMode="numeric"
        className="field--short"
        {...text('phoneExtension')}
      />
      <TextField label={t('fields.email')} type="email" {...text('email')} />
      <TextField
        label={t('fields.website')}
        inputMode="url"
        hint={t('fields.websiteHint')}
        {...text('website')}
      />
    </>
  );
}
