/** Placeholder until this screen is built. */
export function PartnersScreen() {
  return <h1>Nutrition Partners</h1>;
}
