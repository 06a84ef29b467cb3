import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NameField, NearInput, NearLabel } from './search-fields.tsx';
import './sites.css';

/**
 * The home page's way in (docs/product.md R130): the near box and the name search of `/sites`, so the
 * first thing a visitor without GPS can do is type a ZIP code. "Find" opens `/sites` with what was
 * typed (nearest first); it is a GET form to `/sites`, so it works the same without scripts. The boxes
 * are left to the browser (not kept in React state), so nothing typed before the app starts is reset.
 */
export function HomeFinder() {
  const { t, i18n } = useTranslation('sites');
  const navigate = useNavigate();
  return (
    <search className="home-finder">
      <form
        method="get"
        action="/sites"
        onSubmit={(event) => {
          event.preventDefault();
          const params = new URLSearchParams();
          for (const [key, value] of new FormData(event.currentTarget)) {
            if (key !== 'lng' && typeof value === 'string' && value.trim() !== '')
              params.set(key, value.trim());
          }
          const search = params.toString();
          navigate({ pathname: '/sites', search: search ? `?${search}` : '' });
        }}
      >
        {/* Without scripts the next page comes in this page's language (no cookie is set without them). */}
        <input type="hidden" name="lng" value={i18n.resolvedLanguage ?? 'en'} />
        <div className="site-filters__near">
          <NearLabel id="home-near" />
          <div className="site-filters__control">
            <NearInput id="home-near" aria-describedby="home-near-hint" />
          </div>
        </div>
        <NameField id="home-name" />
        <button type="submit" className="button">
          {t('near.submit')}
        </button>
      </form>
    </search>
  );
}
