import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ErrorSummary, type SummaryError } from '#client/components/ui/error-summary.tsx';
import { FormAlert } from '#client/components/ui/form-alert.tsx';
import { PasswordField } from '#client/components/ui/password-field.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { ApiError } from '#client/lib/api.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { useLogin } from '../api/login.ts';
import { readFlash } from '../flash.ts';
import { loginReturnPath, safeReturnPath } from '../redirect.ts';
import '../auth.css';

interface Failure {
  field: string;
  key: string;
  count?: number;
}

/** The words of a 429: a locked account says how many minutes are left; the address limit does not. */
function tooMany(error: ApiError): Failure {
  const minutes = Number(error.params.minutes);
  if (error.code === 'account_locked')
    return {
      field: 'email',
      key: 'login.locked',
      count: Number.isFinite(minutes) && minutes > 0 ? minutes : 1,
    };
  return { field: 'email', key: 'login.tooMany' };
}

/**
 * Email, Password (with "Show password"), Submit and the 'Forgot your password?' link (docs/product.md
 * R35, R216). An empty box is named before sending ("Enter your email address"); 422 → 'Invalid email
 * and/or password.'; 429 for a locked account → wait so many minutes or reset the password (R540), any
 * other 429 → too many attempts from this connection; anything else is logged and the generic text shown (R80). Errors are summarised
 * at the top, the summary takes focus and links to each box (R214). Success returns to the remembered
 * page, or home.
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const login = useLogin();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Keys, not texts, so a language switch rewords them.
  const [failures, setFailures] = useState<Failure[]>([]);
  const [generic, setGeneric] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const flash = readFlash(location.state);
  // Only a redirect (guard or 401) puts `from` in the query; the Log in link uses state.
  const redirected = safeReturnPath(new URLSearchParams(location.search).get('from')) !== null;

  const fail = (next: Failure[]) => {
    setFailures(next);
    setAttempt((count) => count + 1);
  };
  const errors: SummaryError[] = failures.map(({ field, key, count }) => ({
    field,
    text: count === undefined ? t(key) : t(key, { count }),
  }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setGeneric(false);
    const missing: Failure[] = [];
    if (!email.trim()) missing.push({ field: 'email', key: 'required.email' });
    if (!password) missing.push({ field: 'password', key: 'required.password' });
    if (missing.length) return fail(missing);
    setFailures([]);
    login.mutate(
      { email, password },
      {
        onSuccess: () => navigate(loginReturnPath(location.search, location.state), { replace: true }),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422)
            return fail([{ field: 'email', key: 'login.invalid' }]);
          if (error instanceof ApiError && error.status === 429) return fail([tooMany(error)]);
          console.error(error);
          setGeneric(true);
        },
      },
    );
  }

  const errorOf = (field: string) => errors.find((error) => error.field === field)?.text;
  const invalid = failures.some((failure) => failure.key === 'login.invalid');
  return (
    <div className="auth-page">
      <h1>{t('login.title')}</h1>
      {flash && <FormAlert kind="success">{'key' in flash ? t(`flash.${flash.key}`) : flash.text}</FormAlert>}
      {redirected && !flash && (
        <FormAlert kind="info">
          {user ? t('login.needsAdmin', { email: user.email }) : t('login.pleaseLogIn')}
        </FormAlert>
      )}
      <ErrorSummary title={t('summaryTitle')} errors={errors} form={form} attempt={attempt} />
      {generic && <FormAlert kind="error">{t('common:errors.generic')}</FormAlert>}
      <form ref={form} className="auth-form" noValidate onSubmit={submit}>
        <TextField
          label={t('login.email')}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errorOf('email')}
        />
        <PasswordField
          label={t('login.password')}
          showLabel={t('showPassword')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errorOf('password')}
          aria-invalid={invalid || Boolean(errorOf('password')) || undefined}
        />
        <div className="auth-form__actions">
          <button type="submit" className="button" disabled={login.isPending}>
            {t('login.submit')}
          </button>
          <Link to="/passwords/forgot">{t('login.forgot')}</Link>
        </div>
      </form>
    </div>
  );
}
