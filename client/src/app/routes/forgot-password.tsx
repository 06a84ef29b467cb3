import { ForgotPasswordForm } from '#client/features/auth/components/forgot-password-form.tsx';

/** /passwords/forgot (SPEC.md §2); /passwords redirects here (router.tsx). */
export function ForgotPasswordScreen() {
  return <ForgotPasswordForm />;
}
