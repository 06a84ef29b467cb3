/** Placeholder until this screen is built. */
export function AccountScreen() {
  return <h1>My Account</h1>;
}
