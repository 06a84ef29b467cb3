/** Placeholder until this screen is built. */
export function ForgotPasswordScreen() {
  return <h1>Forgot your password?</h1>;
}
