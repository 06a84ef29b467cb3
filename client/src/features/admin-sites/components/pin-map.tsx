import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { MapBar } from '#client/components/map/map-bar.tsx';
import { prefersReducedMotion } from '#client/components/map/motion.ts';
import { appData } from '#client/lib/app-data.ts';
import { MAP_CENTER, MAP_ZOOM } from '#shared/constants.ts';

export interface LatLng {
  lat: number;
  lng: number;
}

interface PinMapProps {
  position: LatLng | null;
  onPlace: (position: LatLng) => void;
  /** Accessible names: the map, the pin and the zoom buttons. */
  mapLabel: string;
  pinLabel: string;
  zoomLabels: { zoomIn: string; zoomOut: string };
}

/** Six decimals is about 10 cm: more would only be noise in the boxes. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;
/** Arrow keys on the focused pin move it about 11 m; with Shift about 110 m. */
const NUDGE = 0.0001;

const PIN_ICON = L.divIcon({
  className: 'pin-map__pin',
  html: '<svg viewBox="0 0 32 44" width="32" height="44" aria-hidden="true" focusable="false"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 43 16 43s15-16 15-27.2C31 7.6 24.3 1 16 1z" fill="#b00020" stroke="#fff" stroke-width="2"/><circle cx="16" cy="16" r="6" fill="#fff"/></svg>',
  iconSize: [32, 44],
  iconAnchor: [16, 43],
});

/**
 * The site form's small map (docs/product.md R53, R66): click to place the pin, drag it, or focus it and use
 * the arrow keys; the latitude and longitude boxes beside it are the same value, typed. Plain Leaflet
 * rather than react-leaflet: one marker driven by the form needs no component tree. Tiles come from
 * runtime settings (docs/product.md R23); without them the pin still works. Zoom buttons and attribution are
 * in the bar above the map, as on the public map, so they never cover the pin.
 */
export default function PinMap({ position, onPlace, mapLabel, pinLabel, zoomLabels }: PinMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const { mapTileUrl, mapAttribution, mapApiKey } = appData().config;
  const marker = useRef<L.Marker | null>(null);
  const latest = useRef({ onPlace, position });
  latest.current = { onPlace, position };

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const start = latest.current.position;
    // The wheel scrolls the form, not the map (zoom with the buttons or +/−).
    const instance = L.map(element, {
      center: start ?? MAP_CENTER,
      zoom: MAP_ZOOM,
      scrollWheelZoom: false,
      zoomControl: false,
      attributionControl: false,
      ...(prefersReducedMotion()
        ? { zoomAnimation: false, fadeAnimation: false, markerZoomAnimation: false }
        : {}),
    });
    // {key} in a tile URL template is filled from the layer's options.
    const tileOptions: L.TileLayerOptions & { key?: string } = mapApiKey ? { key: mapApiKey } : {};
    L.tileLayer(mapTileUrl, tileOptions).addTo(instance);
    // The map itself is a tab stop (arrow keys pan it, + and - zoom): a named group, like the public map.
    element.setAttribute('role', 'group');
    instance.on('click', (event: L.LeafletMouseEvent) =>
      latest.current.onPlace({ lat: round(event.latlng.lat), lng: round(event.latlng.lng) }),
    );
    setMap(instance);
    return () => {
      instance.remove();
      marker.current = null;
      setMap(null);
    };
  }, [mapTileUrl, mapApiKey]);

  useEffect(() => {
    container.current?.setAttribute('aria-label', mapLabel);
  }, [mapLabel]);

  const lat = position?.lat;
  const lng = position?.lng;
  useEffect(() => {
    const instance = map;
    if (!instance) return;
    if (lat === undefined || lng === undefined) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      const pin = L.marker([lat, lng], { draggable: true, keyboard: true, icon: PIN_ICON, title: pinLabel });
      pin.on('dragend', () => {
        const at = pin.getLatLng();
        latest.current.onPlace({ lat: round(at.lat), lng: round(at.lng) });
      });
      pin.on('add', () => {
        const icon = pin.getElement();
        icon?.setAttribute('aria-label', pinLabel);
        icon?.addEventListener('keydown', (event) => {
          const step = event.shiftKey ? NUDGE * 10 : NUDGE;
          const move = {
            ArrowUp: [step, 0],
            ArrowDown: [-step, 0],
            ArrowLeft: [0, -step],
            ArrowRight: [0, step],
          }[event.key];
          const current = latest.current.position;
          if (!move || !current) return;
          event.preventDefault();
          event.stopPropagation(); // the map would pan
          latest.current.onPlace({ lat: round(current.lat + move[0]!), lng: round(current.lng + move[1]!) });
        });
      });
      pin.addTo(instance);
      marker.current = pin;
    } else {
      marker.current.setLatLng([lat, lng]);
      marker.current.getElement()?.setAttribute('aria-label', pinLabel);
    }
    if (!instance.getBounds().contains([lat, lng])) instance.panTo([lat, lng]);
  }, [map, lat, lng, pinLabel]);

  return (
    <section className="pin-map" aria-label={mapLabel}>
      <MapBar map={map} attribution={mapAttribution} labels={zoomLabels} />
      <div ref={container} className="pin-map__view" />
    </section>
  );
}
