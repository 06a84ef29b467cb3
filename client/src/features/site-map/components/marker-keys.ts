/** Keyboard use of the map's markers: the map is one tab stop, the arrow keys move between markers. */
import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/** The markers of the map, in the list's order (the order arrow keys move in). */
function markerElements(map: L.Map): HTMLElement[] {
  return [...map.getContainer().querySelectorAll<HTMLElement>('.leaflet-marker-icon')];
}

/**
 * The map is ONE tab stop (docs/product.md R152): the markers are taken out of the tab order and
 * reached from the map. On the map, Enter moves to the first marker; on a marker, the arrow keys move to
 * the next or previous one (the map pans to show it), Home and End to the first and last, Enter opens
 * it, Escape goes back to the map; Tab leaves the map. Arrow keys on the map itself still pan it.
 */
export function MarkerKeys() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const focusMarker = (marker: HTMLElement | undefined) => {
      if (!marker) return;
      marker.focus({ preventScroll: true });
      const latLng = map.layerPointToLatLng(L.DomUtil.getPosition(marker));
      if (!map.getBounds().contains(latLng)) map.panTo(latLng, { animate: false });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (target === container) {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        focusMarker(markerElements(map)[0]);
        return;
      }
      if (!target.classList.contains('leaflet-marker-icon')) return;
      const markers = markerElements(map);
      const at = markers.indexOf(target);
      const next: Record<string, number> = {
        ArrowRight: at + 1,
        ArrowDown: at + 1,
        ArrowLeft: at - 1,
        ArrowUp: at - 1,
        Home: 0,
        End: markers.length - 1,
      };
      if (event.key in next) {
        event.preventDefault();
        event.stopPropagation();
        const index = Math.min(markers.length - 1, Math.max(0, next[event.key]!));
        focusMarker(markers[index]);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        map.closePopup();
        container.focus({ preventScroll: true });
      }
    };
    container.addEventListener('keydown', onKeyDown);
    return () => container.removeEventListener('keydown', onKeyDown);
  }, [map]);
  return null;
}
