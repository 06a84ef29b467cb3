import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorSummary } from '#client/components/ui/error-summary.tsx';
import { PasswordField } from '#client/components/ui/password-field.tsx';
import { ApiError } from '#client/lib/api.ts';
import { useResetPassword, useResetToken } from '../api/reset-password.ts';
import { flashState } from '../flash.ts';
import '../auth.css';

type LinkProblem = 'invalid' | 'expired' | 'generic';

/** 404 → invalid (unknown or already used), 410 → expired (docs/product.md R38); anything else is unexpected. */
function linkProblemOf(error: unknown): LinkProblem {
  if (error instanceof ApiError && error.status === 404) return 'invalid';
  if (error instanceof ApiError && error.status === 410) return 'expired';
  return 'generic';
}

function LinkProblemAlert(props: { problem: LinkProblem; onRetry: () => void; invitation: boolean }) {
  const { problem, onRetry, invitation } = props;
  const { t } = useTranslation('auth');
  const words = invitation ? 'invitation' : 'reset';
  return (
    <div role="alert" className="alert alert--error">
      <p>{problem === 'generic' ? t('common:errors.generic') : t(`${words}.${problem}`)}</p>
      <p>
        {problem === 'generic' ? (
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('common:errors.retry')}
          </button>
        ) : invitation ? (
          t('invitation.askAgain')
        ) : (
          <Link className="auth-page__link" to="/passwords/forgot">
            {t('reset.requestAnother')}
          </Link>
        )}
      </p>
    </div>
  );
}

/**
 * Checks the link first, then asks for the new password (docs/product.md R38), with "Show password"
 * (R216) and the error summary (R214). A refused password shows the
 * rule (docs/product.md R40); a link that stopped working meanwhile shows why; success goes to /login with a flash.
 * `invitation`: the same form for an invitation's link (R581), which greets a new account instead.
 */
export function ResetPasswordForm({ token, invitation = false }: { token: string; invitation?: boolean }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const check = useResetToken(token);
  const save = useResetPassword(token);
  const form = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [ruleError, setRuleError] = useState<'rule' | 'required' | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [savedProblem, setSavedProblem] = useState<LinkProblem | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setRuleError('required');
      setAttempt((count) => count + 1);
      return;
    }
    setRuleError(null);
    save.mutate(password, {
      onSuccess: () =>
        navigate('/login', {
          replace: true,
          state: flashState(invitation ? 'invitationAccepted' : 'passwordSaved'),
        }),
      onError: (error) => {
        const problem = linkProblemOf(error);
        if (problem === 'generic') {
          if (!(error instanceof ApiError && error.status === 422)) console.error(error);
          setRuleError('rule');
          setAttempt((count) => count + 1);
        } else setSavedProblem(problem);
      },
    });
  }

  useEffect(() => {
    if (check.error && linkProblemOf(check.error) === 'generic') console.error(check.error);
  }, [check.error]);

  let body: ReactNode;
  if (check.isPending) body = <p role="status">{t('reset.checking')}</p>;
  else if (check.isError || savedProblem) {
    const problem = savedProblem ?? linkProblemOf(check.error);
    body = (
      <LinkProblemAlert problem={problem} invitation={invitation} onRetry={() => void check.refetch()} />
    );
  } else {
    const error = ruleError === 'rule' ? t('reset.rule') : ruleError ? t('required.newPassword') : undefined;
    body = (
      <form ref={form} className="auth-form" noValidate onSubmit={submit}>
        <ErrorSummary
          title={t('summaryTitle')}
          errors={error ? [{ field: 'password', text: error }] : []}
          form={form}
          attempt={attempt}
        />
        <PasswordField
          label={t('reset.password')}
          showLabel={t('showPassword')}
          name="password"
          autoComplete="new-password"
          hint={t('reset.hint')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
        />
        <div className="auth-form__actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {t(invitation ? 'invitation.submit' : 'reset.submit')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <div className="auth-page">
      <h1>{t(invitation ? 'invitation.title' : 'reset.title')}</h1>
      {invitation && !check.isError && !savedProblem && <p>{t('invitation.intro')}</p>}
      {body}
    </div>
  );
}
