/** Placeholder until this screen is built. */
export function ReferenceFormScreen(_props: { list: string }) {
  return <h1>Reference item</h1>;
}
