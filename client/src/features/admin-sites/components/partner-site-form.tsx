/**
 * A partner manager's form for one of their sites (docs/product.md R596), and a site contact's
 * corrections (R598a): the contact fields, the hours editor and the "Before you go" facts of the site
 * form, nothing else. Under review a partner's change is sent as a proposal ("sent for review"); under
 * publish it is saved.
 */
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSaveErrors } from '#client/components/admin/use-save-errors.ts';
import { ErrorSummary } from '#client/components/ui/error-summary.tsx';
import { FormAlert } from '#client/components/ui/form-alert.tsx';
import { api } from '#client/lib/api.ts';
import { assertValid } from '#client/lib/schema-errors.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { PROPOSAL_FIELDS } from '#shared/schemas/proposals.ts';
import { type Site, SiteUpdateSchema } from '#shared/schemas/sites.ts';
import { buildSitePayload, type SiteFormValues, siteValuesFrom } from '../model/site-form.ts';
import { FactsSection } from './facts-section.tsx';
import { HoursEditor } from './hours-editor.tsx';
import { ContactFields } from './site-text-fields.tsx';
import { useSiteFormWords } from './use-site-form-words.ts';
import '../admin-sites.css';

/** The form has no list checklists: the field labels are all it needs of the site form's words. */
const NO_LISTS = {} as Parameters<typeof useSiteFormWords>[0];

/** The partner's fields of the site form's body, with the version the form was loaded with. */
export function partnerPayload(values: SiteFormValues, version: number): Record<string, unknown> {
  const whole = buildSitePayload(values, { version });
  return Object.fromEntries([...PROPOSAL_FIELDS, 'version'].map((key) => [key, whole[key]]));
}

/** What sending the corrections answered: the words for the status region, and the site's new version. */
export interface SentCorrections {
  message: string;
  version?: number;
}

/**
 * The contact fields, the hours editor and the facts of the site form, checked with the site's write
 * schema and handed to `send` (a partner manager's PATCH, a site contact's proposal).
 */
export function CorrectionsForm({
  site,
  send,
  submitLabel,
}: {
  site: Site;
  send: (body: Record<string, unknown>) => Promise<SentCorrections>;
  submitLabel: string;
}) {
  const { t } = useTranslation('admin');
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<SiteFormValues>(() => siteValuesFrom(site));
  const [version, setVersion] = useState(site.version);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const { labels, required } = useSiteFormWords(NO_LISTS);
  const errors = useSaveErrors({ labels, required });
  const set = <K extends keyof SiteFormValues>(key: K, value: SiteFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    errors.clear();
    setDone('');
    const body = partnerPayload(values, version);
    setBusy(true);
    try {
      assertValid(SiteUpdateSchema, body);
      const sent = await send(body);
      if (sent.version !== undefined) setVersion(sent.version);
      setDone(sent.message);
    } catch (error) {
      errors.fail(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p role="status" className={done ? 'alert alert--success' : 'workspace-announcement'}>
        {done}
      </p>
      <ErrorSummary title={t('summary.title')} errors={errors.summary} form={form} attempt={errors.attempt} />
      {errors.summary.length === 0 && <FormAlert kind="error">{errors.general}</FormAlert>}
      <form ref={form} noValidate onSubmit={submit} aria-busy={busy}>
        <ContactFields
          values={values}
          fieldErrors={errors.fields}
          onChange={(key, value) => set(key, value)}
        />
        <HoursEditor
          hours={values.hours}
          onChange={(hours) => set('hours', hours)}
          fieldErrors={errors.fields}
        />
        <FactsSection
          values={values.facts}
          onChange={(facts) => set('facts', facts)}
          fieldErrors={errors.fields}
        />
        <button type="submit" className="button" aria-disabled={busy}>
          {submitLabel}
        </button>
      </form>
    </>
  );
}

/**
 * A partner manager's page for one of their sites (R596), with the site's closures below the form
 * (given by the route, R608: they are published at once, apart from the form's proposal).
 */
export function PartnerSiteForm({ site, closures }: { site: Site; closures?: ReactNode }) {
  const { t } = useTranslation('admin');
  const { t: tProposals } = useTranslation('admin-proposals');
  const send = async (body: Record<string, unknown>): Promise<SentCorrections> => {
    const answer = await api<Site | { fields: unknown[] }>(apiPaths.site(site.id), { method: 'PATCH', body });
    // 202: a proposal for staff (R591); 200: saved at once (PARTNER_CHANGES=publish), or nothing differed.
    if (!('version' in answer)) return { message: tProposals('mine.sent') };
    const unchanged = answer.version === body.version;
    return { message: tProposals(unchanged ? 'mine.unchanged' : 'mine.saved'), version: answer.version };
  };
  return (
    <section className="admin-form" aria-labelledby="partner-site-title">
      <h1 id="partner-site-title">{t('site.editTitle', { name: site.name })}</h1>
      <p>{tProposals('mine.formIntro')}</p>
      <p>
        <Link to="/my-sites">{tProposals('mine.back')}</Link>
      </p>
      <CorrectionsForm site={site} send={send} submitLabel={tProposals('mine.send')} />
      {closures}
    </section>
  );
}
