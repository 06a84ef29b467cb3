import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { TextField } from '#client/components/ui/text-field.tsx';
import { useRequestPasswordReset } from '../api/forgot-password.ts';
import { flashState } from '../flash.ts';
import '../auth.css';

/**
 * Asks for a reset link (docs/product.md R37). Any failure shows 'Email not found.' under the field;
 * success goes to /login with the 'check your email' flash.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [failed, setFailed] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailed(false);
    request.mutate(
      { email },
      {
        onSuccess: () => navigate('/login', { state: flashState('checkEmail') }),
        onError: (error) => {
          console.error(error);
          setFailed(true);
        },
      },
    );
  }

  const error = failed ? t('forgot.notFound') : undefined;
  return (
    <div className="auth-page">
      <h1>{t('forgot.title')}</h1>
      <p className="auth-page__intro">{t('forgot.intro')}</p>
      <form className="auth-form" noValidate onSubmit={submit}>
        <TextField
          label={t('forgot.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
        />
        {/* The message under the field is tied to it; this copy is what a screen reader announces at once. */}
        <p role="alert" className="visually-hidden">
          {error}
        </p>
        <div className="auth-form__actions">
          <button type="submit" className="button" disabled={request.isPending}>
            {t('forgot.submit')}
          </button>
          <Link to="/login">{t('forgot.back')}</Link>
        </div>
      </form>
    </div>
  );
}
