/** Placeholder until this screen is built. */
export function SitesScreen() {
  return <h1>Locations</h1>;
}
