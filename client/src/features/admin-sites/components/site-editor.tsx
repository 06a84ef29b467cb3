import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { RecordState } from '#client/components/admin/record-state.tsx';
import { ApiError } from '#client/lib/api.ts';
import type { ReferenceListName } from '#shared/schemas/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { useReferenceLists } from '../api/reference-lists.ts';
import { adminSiteKey, useAdminSite } from '../api/site.ts';
import { SiteForm, type SiteFormProps } from './site-form.tsx';

/** Navigation state that carries the geocoding warning from /sites/new to the new site's edit page. */
interface EditorState {
  geocodeWarning?: boolean;
}

/**
 * Create mode without an id, update mode with one (docs/product.md R52): loads the site and the five lists,
 * shows loading and not-found states, and rebuilds the form only when the site is (re)loaded.
 *
 * After a save the form returns to /sites/, except when the server found no map position for the
 * address: then the admin stays on the saved site's form with the warning and the map at hand
 * (docs/decisions/006-admin-save-warning-and-drafts.md).
 */
export function SiteEditor({
  id,
  listPath,
  closures,
}: {
  /** undefined: create; NaN: a malformed id (shown as not found). */
  id: number | undefined;
  listPath: (list: ReferenceListName) => string;
  closures?: SiteFormProps['closures'];
}) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const location = useLocation();
  const valid = id === undefined || Number.isInteger(id);
  const site = useAdminSite(valid ? id : undefined);
  const queryClient = useQueryClient();
  const lists = useReferenceLists();
  const [geocodeWarning, setGeocodeWarning] = useState(
    () => (location.state as EditorState | null)?.geocodeWarning === true,
  );

  // Shown once: a later reload of the page should not repeat it.
  useEffect(() => {
    if ((location.state as EditorState | null)?.geocodeWarning) {
      navigate(location.pathname, { replace: true, state: null });
    }
  }, [location.state, location.pathname, navigate]);

  const onGeocodeWarning = (saved: Site) => {
    setGeocodeWarning(true);
    if (id === undefined) {
      navigate(`/sites/${saved.id}/edit`, {
        replace: true,
        state: { geocodeWarning: true } satisfies EditorState,
      });
    } else {
      // The saved answer is the new version: put it in place now, in the same render as the warning,
      // so the form never re-mounts later over what the admin has started typing (a refetch did).
      const { geocodeWarning: _warning, ...latest } = saved as Site & { geocodeWarning?: string };
      queryClient.setQueryData(adminSiteKey(id), latest);
    }
  };

  if (!valid)
    return <RecordState title={t('site.title')} error={new ApiError(404, 'Not found')} onRetry={() => {}} />;
  if (id !== undefined && !site.data) {
    return <RecordState title={t('site.title')} error={site.error} onRetry={() => void site.refetch()} />;
  }
  return (
    <SiteForm
      key={site.dataUpdatedAt}
      site={site.data}
      lists={lists}
      listPath={listPath}
      closures={closures}
      onGeocodeWarning={onGeocodeWarning}
      geocodeWarning={geocodeWarning}
    />
  );
}
