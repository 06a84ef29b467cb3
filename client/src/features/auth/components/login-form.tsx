import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormAlert } from '#client/components/ui/form-alert.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { ApiError } from '#client/lib/api.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { useLogin } from '../api/login.ts';
import { readFlash } from '../flash.ts';
import { loginReturnPath, safeReturnPath } from '../redirect.ts';
import '../auth.css';

type Failure = 'invalid' | 'generic';

/**
 * Email, Password, Submit and the 'Forgot your password?' link (docs/product.md R35). 422 → 'Invalid email
 * and/or password.'; anything else is logged and the generic text shown (docs/product.md R80). Success returns to
 * the remembered page, or home.
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const errorId = useId();

  const flash = readFlash(location.state);
  // Only a redirect (guard or 401) puts `from` in the query; the Log in link uses state.
  const redirected = safeReturnPath(new URLSearchParams(location.search).get('from')) !== null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    login.mutate(
      { email, password },
      {
        onSuccess: () => navigate(loginReturnPath(location.search, location.state), { replace: true }),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) return setFailure('invalid');
          console.error(error);
          setFailure('generic');
        },
      },
    );
  }

  return (
    <div className="auth-page">
      <h1>{t('login.title')}</h1>
      {flash && <FormAlert kind="success">{'key' in flash ? t(`flash.${flash.key}`) : flash.text}</FormAlert>}
      {redirected && !flash && (
        <FormAlert kind="info">
          {user ? t('login.needsAdmin', { email: user.email }) : t('login.pleaseLogIn')}
        </FormAlert>
      )}
      {failure && (
        <div id={errorId} role="alert" className="alert alert--error">
          {failure === 'invalid' ? t('login.invalid') : t('common:errors.generic')}
        </div>
      )}
      <form className="auth-form" noValidate onSubmit={submit}>
        <TextField
          label={t('login.email')}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={failure === 'invalid' || undefined}
          aria-describedby={failure ? errorId : undefined}
        />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={failure === 'invalid' || undefined}
          aria-describedby={failure ? errorId : undefined}
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
