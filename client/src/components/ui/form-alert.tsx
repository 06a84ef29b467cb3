import type { ReactNode } from 'react';

/**
 * A message about the whole form. role="alert" for failures (announced at once), role="status" for
 * confirmations (announced politely). Rendered only when there is something to say.
 */
export function FormAlert({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  if (!children) return null;
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} className={`alert alert--${kind}`}>
      {children}
    </div>
  );
}
