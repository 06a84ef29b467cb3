import { useCallback, useRef, useState } from 'react';
import type { LatLng } from '#shared/geo.ts';

export type HereState =
  | { status: 'off' }
  | { status: 'locating' }
  | { status: 'on'; here: LatLng }
  | { status: 'denied' }
  | { status: 'failed' };

/** How long the browser may take to find the visitor (an old phone without GPS fix can be slow). */
const LOCATE_TIMEOUT_MS = 20_000;
/** A position found in the last five minutes is good enough to order a list. */
const MAX_POSITION_AGE_MS = 300_000;

/** The position and the two actions of 'Show the nearest first'. */
export type HereControl = ReturnType<typeof useHere>;

/**
 * Where the visitor is, asked only when they press the button (never on page load), never stored or put
 * in the address. A small directory orders its list in the browser; a large one sends the position,
 * rounded to about 10 m, as the search's point, which the server never logs (docs/product.md R718).
 */
export function useHere() {
  const [state, setState] = useState<HereState>({ status: 'off' });
  // A second press while the first request runs is ignored; a stale answer after 'off' is dropped.
  const request = useRef(0);
  const locate = useCallback(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState({ status: 'failed' });
      return;
    }
    const id = ++request.current;
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (id !== request.current) return;
        setState({ status: 'on', here: { lat: position.coords.latitude, lng: position.coords.longitude } });
      },
      (error) => {
        if (id !== request.current) return;
        setState({ status: error.code === error.PERMISSION_DENIED ? 'denied' : 'failed' });
      },
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: MAX_POSITION_AGE_MS },
    );
  }, []);
  const clear = useCallback(() => {
    request.current += 1;
    setState({ status: 'off' });
  }, []);
  return { state, locate, clear };
}
