/** The site form's buttons (save, delete, cancel) and the line that says a save or delete is under way. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function SiteFormActions({
  busy,
  saving,
  editing,
  back,
  onDelete,
}: {
  busy: boolean;
  /** Saving (else deleting) while busy. */
  saving: boolean;
  /** An existing site, which can be deleted. */
  editing: boolean;
  /** Where Cancel goes. */
  back: string;
  onDelete: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      {busy && (
        <p role="status" className="form-progress">
          {saving ? t('saving') : t('deleting')}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button">
          {t('submit')}
        </button>
        {editing && (
          <button type="button" className="button button--danger" onClick={onDelete}>
            {t('delete')}
          </button>
        )}
        <Link to={back} className="button button--secondary">
          {t('cancel')}
        </Link>
      </div>
    </>
  );
}
