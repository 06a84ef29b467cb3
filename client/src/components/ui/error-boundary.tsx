import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkLoadError } from '../../lib/lazy.ts';

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
    </div>
  );
}

/** Catches render and lazy-chunk failures and offers a reload (DECISIONS.md 6). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(error);
  }

  override render() {
    return this.state.error ? <Failure error={this.state.error} /> : this.props.children;
  }
}
