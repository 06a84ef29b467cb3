/** Placeholder until this screen is built. */
export function AboutScreen() {
  return <h1>About</h1>;
}
