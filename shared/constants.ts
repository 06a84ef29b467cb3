/** Business constants of docs/product.md R70, in one place for client and server. */
export const MAP_CENTER = { lat: 37.7749, lng: -122.4194 } as const;
export const MAP_ZOOM = 14;
export const PHONE_DIGITS = 10;
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const DEFAULT_OPEN = '09:00';
export const DEFAULT_CLOSE = '17:00';
export const FOOTER_PHONE = '4175575000';
export const MAPS_LOADER_RETRIES = 3;
export const FILE_DIALOG_CANCEL_DELAY_MS = 300;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Delay before retry `attempt` (1-based) of the maps loader: n·2^n ms (docs/product.md R28). */
export function retryDelayMs(attempt: number): number {
  return attempt * 2 ** attempt;
}
