import { LoginForm } from '#client/features/auth/components/login-form.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';

addNamespace('auth');

/** /login (docs/product.md R35). */
export function LoginScreen() {
  return <LoginForm />;
}
