import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '#client/components/ui/error-boundary.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { lazyChunk } from '#client/lib/lazy.ts';
import { coordinate } from '../model/site-form.ts';

/** The map code loads only when the form shows it, as every lazy chunk does (lib/lazy.ts). */
const PinMap = lazyChunk(
  'pin-map',
  () => import('./pin-map.tsx'),
  (m) => m.default,
);

interface CoordinatesFieldProps {
  lat: string;
  lng: string;
  onChange: (lat: string, lng: string) => void;
  fieldErrors: Record<string, string>;
}

/** Latitude and longitude boxes plus the small map that sets them (docs/product.md R53, R66). */
export function CoordinatesField({ lat, lng, onChange, fieldErrors }: CoordinatesFieldProps) {
  const { t } = useTranslation('admin');
  const { t: tSites } = useTranslation('sites');
  const hintId = useId();
  const latValue = coordinate(lat);
  const lngValue = coordinate(lng);
  const position =
    typeof latValue === 'number' &&
    typeof lngValue === 'number' &&
    Math.abs(latValue) <= 90 &&
    Math.abs(lngValue) <= 180
      ? { lat: latValue, lng: lngValue }
      : null;

  return (
    <fieldset className="coordinates" aria-describedby={hintId}>
      <legend>{t('site.position')}</legend>
      <p id={hintId} className="field-hint">
        {position ? t('site.positionHint') : t('site.noPosition')}
      </p>
      <div className="coordinates__boxes">
        <TextField
          label={t('site.lat')}
          name="lat"
          inputMode="decimal"
          autoComplete="off"
          value={lat}
          onChange={(event) => onChange(event.target.value, lng)}
          error={fieldErrors.lat}
        />
        <TextField
          label={t('site.lng')}
          name="lng"
          inputMode="decimal"
          autoComplete="off"
          value={lng}
          onChange={(event) => onChange(lat, event.target.value)}
          error={fieldErrors.lng}
        />
        {(lat !== '' || lng !== '') && (
          <button type="button" className="button button--secondary" onClick={() => onChange('', '')}>
            {t('site.clearPosition')}
          </button>
        )}
      </div>
      {/* Without the map the boxes still work: a failed map says so and stays out of the way. */}
      <ErrorBoundary fallback={() => <p className="alert alert--info">{t('site.mapFailed')}</p>}>
        <Suspense fallback={<p className="pin-map pin-map--loading">{t('site.mapLoading')}</p>}>
          <PinMap
            position={position}
            onPlace={(p) => onChange(String(p.lat), String(p.lng))}
            mapLabel={t('site.mapLabel')}
            pinLabel={t('site.pinLabel')}
            zoomLabels={{ zoomIn: tSites('map.zoomIn'), zoomOut: tSites('map.zoomOut') }}
          />
        </Suspense>
      </ErrorBoundary>
    </fieldset>
  );
}
