import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkLoadError } from '#client/lib/lazy.ts';
import { CallUs } from './call-us.tsx';

function Failure({ error }: { error: Error }) {
  const { t } = useTranslation();
  const chunk = error instanceof ChunkLoadError;
  return (
    <div role="alert" className="alert alert--error">
      <h1>{chunk ? t('errors.chunkTitle') : t('errors.generic')}</h1>
      {chunk && <p>{t('errors.chunkText')}</p>}
      <p className="error-details">{t('errors.details', { detail: error.message })}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
      <CallUs />
    </div>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /**
   * What to show instead of the children once they failed; by default the whole-page failure with a
   * reload. A part of a page (a map) passes its own, so its failure stays in its own box.
   */
  fallback?: (error: Error) => ReactNode;
}

/**
 * Catches render and lazy-chunk failures, logs them, and shows the fallback
 * (docs/decisions/003-client-bundle.md).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return this.props.fallback ? this.props.fallback(error) : <Failure error={error} />;
  }
}
