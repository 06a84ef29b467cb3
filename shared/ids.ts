/**
 * The one reader of record ids in URLs, on both sides (route parameters, page paths, filter query
 * parameters): '12' → 12; anything but a positive 32-bit integer written in plain digits, or nothing,
 * → undefined (no such record). No zod in this module: the public pages' first bundle uses it.
 */
export function parseId(raw: string | null | undefined): number | undefined {
  if (raw == null || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}
