/** Placeholder until this screen is built. */
export function LoginScreen() {
  return <h1>Log in</h1>;
}
