/**
 * A one-off message for the login screen, passed in navigation state as `{ flash }` (docs/product.md R35, R37, R38).
 * Our own screens pass a key, so the message follows the language switch; any other text is shown as given.
 */
const FLASH_KEYS = ['checkEmail', 'passwordSaved', 'invitationAccepted'] as const;
type FlashKey = (typeof FLASH_KEYS)[number];

interface FlashState {
  flash: FlashKey | string;
}

export function flashState(flash: FlashKey): FlashState {
  return { flash };
}

/** The flash in a location's state: a known key, a text, or nothing. */
export function readFlash(state: unknown): { key: FlashKey } | { text: string } | null {
  const flash = (state as Partial<FlashState> | null | undefined)?.flash;
  if (typeof flash !== 'string' || !flash.trim()) return null;
  return (FLASH_KEYS as readonly string[]).includes(flash) ? { key: flash as FlashKey } : { text: flash };
}
