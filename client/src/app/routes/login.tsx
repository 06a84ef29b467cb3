import { LoginForm } from '#client/features/auth/components/login-form.tsx';

/** /login (SPEC.md §2). */
export function LoginScreen() {
  return <LoginForm />;
}
