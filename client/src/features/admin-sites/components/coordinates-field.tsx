import { Component, lazy, type ReactNode, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MAPS_LOADER_RETRIES, retryDelayMs } from '../../../../../shared/constants.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { loadWithTimeout } from '../../../lib/lazy.ts';
import { coordinate } from '../model/site-form.ts';

/** The map code loads only when the form shows it, retried up to 3 times after n·2^n ms (DECISIONS.md 5). */
async function loadPinMap(attempt = 0): Promise<typeof import('./pin-map.tsx')> {
  try {
    return await loadWithTimeout('pin-map', () => import('./pin-map.tsx'));
  } catch (error) {
    if (attempt >= MAPS_LOADER_RETRIES) throw error;
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt + 1)));
    return loadPinMap(attempt + 1);
  }
}
const PinMap = lazy(loadPinMap);

/** Without the map the boxes still work: a failed map says so and stays out of the way. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.error(error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface CoordinatesFieldProps {
  lat: string;
  lng: string;
  onChange: (lat: string, lng: string) => void;
  fieldErrors: Record<string, string>;
}

/** Latitude and longitude boxes plus the small map that sets them (issue 5 item 5). */
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
      <MapBoundary fallback={<p className="alert alert--info">{t('site.mapFailed')}</p>}>
        <Suspense fallback={<p className="pin-map pin-map--loading">{t('site.mapLoading')}</p>}>
          <PinMap
            position={position}
            onPlace={(p) => onChange(String(p.lat), String(p.lng))}
            mapLabel={t('site.mapLabel')}
            pinLabel={t('site.pinLabel')}
            zoomLabels={{ zoomIn: tSites('map.zoomIn'), zoomOut: tSites('map.zoomOut') }}
          />
        </Suspense>
      </MapBoundary>
    </fieldset>
  );
}
