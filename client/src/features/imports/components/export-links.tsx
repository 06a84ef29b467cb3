import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';
import { apiPaths } from '#shared/api-paths.ts';
import '../imports.css';

addNamespace('admin-imports');

/**
 * For administrators on /sites: download the sites the page shows (its filters carried over) as CSV
 * or Excel (docs/product.md R236). Loaded lazily: the public first bundle carries only its wrapper.
 */
export function ExportLinks() {
  const { t } = useTranslation('admin-imports');
  const { search } = useLocation();
  return (
    <span className="export-links">
      {t('exportLabel')}:{' '}
      <a className="export-link" href={apiPaths.sitesExport('csv', search)} download>
        {t('exportCsv')}
      </a>{' '}
      ·{' '}
      <a className="export-link" href={apiPaths.sitesExport('xlsx', search)} download>
        {t('exportXlsx')}
      </a>{' '}
      ·{' '}
      <a className="export-link" href="/admin/import">
        {t('title')}
      </a>
    </span>
  );
}
