import { useParams } from 'react-router';
import { ResetPasswordForm } from '#client/features/auth/components/reset-password-form.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';

addNamespace('auth');

/** /passwords/reset/{token} (docs/product.md R38). A new token is a new form, never the old one's state. */
export function ResetPasswordScreen() {
  const { token = '' } = useParams();
  return <ResetPasswordForm key={token} token={token} />;
}
