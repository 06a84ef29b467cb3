/** Placeholder until this screen is built. */
export function SiteFormScreen() {
  return <h1>Site</h1>;
}
