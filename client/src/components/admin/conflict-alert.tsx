import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A 409: someone saved this record after it was loaded (docs/product.md R57). Nothing is overwritten; the
 * admin's copy stays on screen until they choose 'Reload', which fetches the latest version.
 */
export function ConflictAlert({ onReload, reloading }: { onReload: () => void; reloading: boolean }) {
  const { t } = useTranslation('admin');
  const button = useRef<HTMLButtonElement>(null);
  // The alert is announced; focus goes to its one action so a keyboard user is already there.
  useEffect(() => button.current?.focus(), []);
  return (
    <div role="alert" className="alert alert--error">
      <p>
        {t('common:validation.conflict')} {t('conflict.explain')}
      </p>
      <button
        ref={button}
        type="button"
        className="button"
        onClick={() => !reloading && onReload()}
        aria-disabled={reloading}
      >
        {t('conflict.reload')}
      </button>
    </div>
  );
}
