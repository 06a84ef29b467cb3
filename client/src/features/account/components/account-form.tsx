import { type FormEvent, Fragment, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary } from '#client/components/ui/error-summary.tsx';
import { FormAlert } from '#client/components/ui/form-alert.tsx';
import { PasswordField } from '#client/components/ui/password-field.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { ApiError } from '#client/lib/api.ts';
import { namedFieldErrors, summaryErrors } from '#client/lib/named-errors.ts';
import { useFormErrors } from '#client/lib/use-form-errors.ts';
import type { User } from '#shared/schemas/users.ts';
import {
  type AccountValues,
  accountChanges,
  initialValues,
  needsCurrentPassword,
} from '../account-changes.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import '../account.css';

/** What the picture field gets; the screen decides which uploader renders it. */
interface PictureFieldProps {
  label: string;
  value: string | null;
  currentUrl: string | null;
  onChange: (value: string | null) => void;
  onBusyChange: (busy: boolean) => void;
  error?: string;
}

interface AccountFormProps {
  user: User;
  onSaved: (user: User) => void;
  renderPicture: (props: PictureFieldProps) => ReactNode;
}

/**
 * My Account (docs/product.md R49): picture, first name, last name, e-mail and a password that starts empty;
 * a current-password field appears once the e-mail or the password is changed.
 * Errors clear on each submit; a 422 shows each field's messages beside it plus a general alert, other
 * failures the generic text; success says so and hands the saved user back.
 */
export function AccountForm({ user, onSaved, renderPicture }: AccountFormProps) {
  const { t } = useTranslation('account');
  const [values, setValues] = useState(() => initialValues(user));
  const [saved, setSaved] = useState(false);
  const [pictureBusy, setPictureBusy] = useState(false);
  // A saved picture is a fresh start for the uploader: it shows the picture the server now serves.
  const [pictureGeneration, setPictureGeneration] = useState(0);
  const errors = useFormErrors();
  const update = useUpdateAccount(user.id);
  const form = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  const labels = useMemo(
    () => ({
      picture: t('picture'),
      firstName: t('firstName'),
      lastName: t('lastName'),
      email: t('email'),
      password: t('password'),
      currentPassword: t('currentPassword'),
    }),
    [t],
  );
  const required = useMemo(
    () => ({
      firstName: t('required.firstName'),
      lastName: t('required.lastName'),
      email: t('required.email'),
      currentPassword: t('required.currentPassword'),
    }),
    [t],
  );
  // docs/product.md R214: every error listed at the top, each naming its field.
  const summary = summaryErrors(errors.fields, labels, required, (label, message) =>
    t('summaryItem', { label, message }),
  );

  const set = (changes: Partial<AccountValues>) => setValues((current) => ({ ...current, ...changes }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    errors.clear();
    setSaved(false);
    if (pictureBusy) {
      errors.setGeneral(t('waitForPicture'));
      return;
    }
    update.mutate(accountChanges(user, values), {
      onSuccess: (updated) => {
        setValues(initialValues(updated));
        setPictureGeneration((generation) => generation + 1);
        setSaved(true);
        onSaved(updated);
      },
      onError: (error) => {
        setAttempt((count) => count + 1);
        errors.capture(error);
        if (error instanceof ApiError && error.status === 422)
          errors.setFields((fields) => namedFieldErrors(fields, error.errors, required));
        // "is not correct" is this form's own message; say it in the visitor's language.
        const wrong =
          error instanceof ApiError &&
          error.errors.some((e) => e.path === 'currentPassword' && e.message === 'is not correct');
        if (wrong) errors.setFields((fields) => ({ ...fields, currentPassword: t('currentPasswordWrong') }));
      },
    });
  }

  const askCurrentPassword = needsCurrentPassword(user, values);

  return (
    <div className="account-page">
      <h1>{t('title')}</h1>
      <ErrorSummary title={t('summaryTitle')} errors={summary} form={form} attempt={attempt} />
      <form ref={form} className="account-form" noValidate onSubmit={submit}>
        <Fragment key={pictureGeneration}>
          {renderPicture({
            label: t('picture'),
            value: values.picture,
            currentUrl: values.picture !== null && values.picture === user.picture ? user.pictureUrl : null,
            onChange: (picture) => set({ picture }),
            onBusyChange: setPictureBusy,
            error: errors.fields.picture,
          })}
        </Fragment>
        <TextField
          label={t('firstName')}
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          onChange={(event) => set({ firstName: event.target.value })}
          error={errors.fields.firstName}
        />
        <TextField
          label={t('lastName')}
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          onChange={(event) => set({ lastName: event.target.value })}
          error={errors.fields.lastName}
        />
        <TextField
          label={t('email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          value={values.email}
          onChange={(event) => set({ email: event.target.value })}
          error={errors.fields.email}
        />
        <PasswordField
          label={t('password')}
          showLabel={t('showPassword')}
          name="password"
          autoComplete="new-password"
          hint={t('passwordHint')}
          value={values.password}
          onChange={(event) => set({ password: event.target.value })}
          error={errors.fields.password}
        />
        {/* Proof that it is the account's owner, asked only for the changes that need it. */}
        {askCurrentPassword && (
          <PasswordField
            label={t('currentPassword')}
            showLabel={t('showCurrentPassword')}
            name="currentPassword"
            autoComplete="current-password"
            hint={t('currentPasswordHint')}
            value={values.currentPassword}
            onChange={(event) => set({ currentPassword: event.target.value })}
            error={errors.fields.currentPassword}
          />
        )}
        {/* Next to the button, where the eye is after pressing it. */}
        {summary.length === 0 && <FormAlert kind="error">{errors.general}</FormAlert>}
        <FormAlert kind="success">{saved ? t('saved') : null}</FormAlert>
        <div className="account-form__actions">
          <button type="submit" className="button" disabled={update.isPending}>
            {t('save')}
          </button>
        </div>
      </form>
    </div>
  );
}
