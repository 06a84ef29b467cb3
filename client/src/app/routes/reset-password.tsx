import { useParams } from 'react-router';
import { ResetPasswordForm } from '#client/features/auth/components/reset-password-form.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';

addNamespace('auth');

/**
 * /passwords/reset/{token} (docs/product.md R38), and /invitation/{token} with `invitation` (R581): the
 * same one-time link, worded for a new account. A new token is a new form, never the old one's state.
 */
export function ResetPasswordScreen({ invitation = false }: { invitation?: boolean }) {
  const { token = '' } = useParams();
  return <ResetPasswordForm key={token} token={token} invitation={invitation} />;
}
