import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface QueryStateProps<T> {
  /** The query as TanStack Query answers it: its data, its error and how to ask again. */
  query: { data: T | undefined; error: unknown; refetch: () => unknown };
  /** Said when the answer could not be loaded, above "Try again". */
  failed: string;
  /** What shows the answer once it is here. */
  children: (data: T) => ReactNode;
}

/**
 * A list screen's three states in one place: "Loading…", the failure with a button to try again (an
 * alert), or the answer. The screens that load one list use it rather than their own copy.
 */
export function QueryState<T>({ query, failed, children }: QueryStateProps<T>) {
  const { t } = useTranslation('common');
  if (query.error)
    return (
      <div role="alert" className="alert alert--error">
        <p>{failed}</p>
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          {t('errors.retry')}
        </button>
      </div>
    );
  if (query.data === undefined) return <p>{t('loading')}</p>;
  return <>{children(query.data)}</>;
}
