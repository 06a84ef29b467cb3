import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '#client/components/ui/query-state.tsx';
import type { DeploymentSetting } from '#shared/schemas/settings.ts';
import { useDeploymentSettings } from '../api/settings.ts';
import '#client/components/admin/admin.css';
import '../staff-accounts.css';

/**
 * /admin/settings, for administrators (docs/product.md R609): every setting the server runs with, as
 * a list of name and value that wraps on a narrow screen. Read only: a setting is changed where the
 * server is deployed. A secret shows only whether it is set.
 */
export function SettingsScreen() {
  const { t } = useTranslation('admin-users');
  const settings = useDeploymentSettings();
  const value = (setting: DeploymentSetting) => {
    if (setting.secret) return setting.set ? t('settings.secretSet') : t('settings.notSet');
    return setting.value ?? t('settings.notSet');
  };
  return (
    <section className="admin-form" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <p>{t('settings.intro')}</p>
      <p>
        <Link to="/admin">{t('back')}</Link>
      </p>
      <QueryState query={settings} failed={t('settings.loadFailed')}>
        {(list) => (
          <dl className="deployment-settings">
            {list.map((setting) => (
              <div key={setting.name} className="deployment-settings__row">
                <dt lang="en">
                  <code>{setting.name}</code>
                </dt>
                <dd>
                  {setting.secret || setting.value === null ? value(setting) : <code>{value(setting)}</code>}
                  <span className="deployment-settings__source">
                    {' '}
                    ({setting.isDefault ? t('settings.default') : t('settings.changed')})
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        )}
      </QueryState>
    </section>
  );
}
