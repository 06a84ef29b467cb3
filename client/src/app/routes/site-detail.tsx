/** Placeholder until this screen is built. */
export function SiteDetailScreen() {
  return <h1>Site</h1>;
}
