/** Whether the visitor asked for less motion: maps then zoom and fade without animation. */
export function prefersReducedMotion() {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
