import { ForgotPasswordForm } from '#client/features/auth/components/forgot-password-form.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';

addNamespace('auth');

/** /passwords/forgot (docs/product.md R37); /passwords redirects here (router.tsx). */
export function ForgotPasswordScreen() {
  return <ForgotPasswordForm />;
}
