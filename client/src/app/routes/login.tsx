import { LoginForm } from '#client/features/auth/components/login-form.tsx';

/** /login (docs/product.md R35). */
export function LoginScreen() {
  return <LoginForm />;
}
