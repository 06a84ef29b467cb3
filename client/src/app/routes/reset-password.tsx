/** Placeholder until this screen is built. */
export function ResetPasswordScreen() {
  return <h1>Choose a new password</h1>;
}
