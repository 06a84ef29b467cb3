import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary } from '#client/components/ui/error-summary.tsx';
import { FormAlert } from '#client/components/ui/form-alert.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { ApiError } from '#client/lib/api.ts';
import { fieldErrorMap } from '#client/lib/field-errors.ts';
import { namedFieldErrors, summaryErrors } from '#client/lib/named-errors.ts';
import { useFormErrors } from '#client/lib/use-form-errors.ts';
import type { Role } from '#shared/roles.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import type { StaffAccount } from '#shared/schemas/staff-accounts.ts';
import { inviteAccount } from '../api/staff-accounts.ts';
import { RoleFields } from './role-fields.tsx';

const EMPTY = { email: '', firstName: '', lastName: '', role: 'editor' as Role, partnerIds: [] as number[] };

/**
 * "Invite someone" (docs/product.md R581): email, names, a role and, for a partner manager, their
 * nutrition partners. Checked with the API's own schema first; errors are summarised at the top and
 * shown beside their fields, named ("Enter their email address").
 */
export function InviteForm(props: {
  partners: ReferenceItem[] | undefined;
  onInvited: (a: StaffAccount) => void;
}) {
  const { t } = useTranslation('admin-users');
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [sent, setSent] = useState('');
  const errors = useFormErrors();
  const [named, setNamed] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const required = {
    email: t('invite.required.email'),
    firstName: t('invite.required.firstName'),
    lastName: t('invite.required.lastName'),
    partnerIds: t('invite.required.partnerIds'),
  };
  const labels = {
    email: t('invite.email'),
    firstName: t('invite.firstName'),
    lastName: t('invite.lastName'),
    role: t('invite.role'),
    partnerIds: t('invite.partners'),
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    errors.clear();
    setNamed({});
    setSent('');
    setBusy(true);
    try {
      const body = { ...values, partnerIds: values.role === 'partner' ? values.partnerIds : [] };
      const account = await inviteAccount(body);
      setValues(EMPTY);
      setSent(t('invite.sent', { email: account.email }));
      props.onInvited(account);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors.length) {
        const fields = namedFieldErrors(fieldErrorMap(error.errors, t), error.errors, required);
        // An empty address is "not an email address" to the schema; to a person it is missing.
        for (const field of ['email', 'firstName', 'lastName'] as const)
          if (fields[field] && !values[field].trim()) fields[field] = required[field];
        setNamed(fields);
      } else errors.capture(error);
      setAttempt((count) => count + 1);
    } finally {
      setBusy(false);
    }
  }

  const fields = named;
  const summary = summaryErrors(fields, labels, required, (label, message) =>
    t('admin:summary.item', { label, message }),
  );
  return (
    <form
      ref={form}
      className="admin-form staff-invite"
      noValidate
      onSubmit={submit}
      aria-labelledby="invite-heading"
    >
      <h2 id="invite-heading">{t('invite.heading')}</h2>
      <p>{t('invite.intro')}</p>
      <ErrorSummary title={t('admin:summary.title')} errors={summary} form={form} attempt={attempt} />
      <FormAlert kind="error">{errors.general}</FormAlert>
      <FormAlert kind="success">{sent}</FormAlert>
      <TextField
        label={labels.email}
        name="email"
        type="email"
        autoComplete="off"
        value={values.email}
        error={fields.email}
        onChange={(event) => set('email', event.target.value)}
      />
      <TextField
        label={labels.firstName}
        name="firstName"
        autoComplete="off"
        value={values.firstName}
        error={fields.firstName}
        onChange={(event) => set('firstName', event.target.value)}
      />
      <TextField
        label={labels.lastName}
        name="lastName"
        autoComplete="off"
        value={values.lastName}
        error={fields.lastName}
        onChange={(event) => set('lastName', event.target.value)}
      />
      <RoleFields
        legend={labels.role}
        role={values.role}
        partnerIds={values.partnerIds}
        partners={props.partners}
        partnersError={fields.partnerIds}
        onRole={(role) => set('role', role)}
        onPartners={(ids) => set('partnerIds', ids)}
      />
      <div className="form-actions">
        <button type="submit" className="button" aria-disabled={busy}>
          {t('invite.submit')}
        </button>
      </div>
    </form>
  );
}
