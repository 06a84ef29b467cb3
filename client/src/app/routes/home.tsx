/** Placeholder until this screen is built. */
export function HomeScreen() {
  return <h1>Community Meal Sites</h1>;
}
