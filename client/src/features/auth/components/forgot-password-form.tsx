import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorSummary, type SummaryError } from '#client/components/ui/error-summary.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { useRequestPasswordReset } from '../api/forgot-password.ts';
import { flashState } from '../flash.ts';
import '../auth.css';

/**
 * Asks for a reset link (docs/product.md R37). An empty box says "Enter your email address"; any
 * failure shows 'Email not found.'; both under the field and in the summary, which takes focus (R214).
 * Success goes to /login with the 'check your email' flash.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  // A key, not a text, so a language switch rewords it.
  const [failure, setFailure] = useState<'required.email' | 'forgot.notFound' | null>(null);
  const [attempt, setAttempt] = useState(0);

  const fail = (key: 'required.email' | 'forgot.notFound') => {
    setFailure(key);
    setAttempt((count) => count + 1);
  };
  const errors: SummaryError[] = failure ? [{ field: 'email', text: t(failure) }] : [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) return fail('required.email');
    setFailure(null);
    request.mutate(
      { email },
      {
        onSuccess: () => navigate('/login', { state: flashState('checkEmail') }),
        onError: (error) => {
          console.error(error);
          fail('forgot.notFound');
        },
      },
    );
  }

  return (
    <div className="auth-page">
      <h1>{t('forgot.title')}</h1>
      <p className="auth-page__intro">{t('forgot.intro')}</p>
      <ErrorSummary title={t('summaryTitle')} errors={errors} form={form} attempt={attempt} />
      <form ref={form} className="auth-form" noValidate onSubmit={submit}>
        <TextField
          label={t('forgot.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors[0]?.text}
        />
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
