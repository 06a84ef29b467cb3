import { createHash } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The namespace's 16 bytes, parsed once per namespace (a feed derives thousands of ids in one). */
const namespaces = new Map<string, Buffer>();
function namespaceBytes(namespace: string): Buffer {
  let bytes = namespaces.get(namespace);
  if (!bytes) {
    if (!isUuid(namespace)) throw new TypeError(`uuidV5: namespace is not a UUID: ${namespace}`);
    bytes = Buffer.from(namespace.replaceAll('-', ''), 'hex');
    if (namespaces.size < 16) namespaces.set(namespace, bytes);
  }
  return bytes;
}

/**
 * A name-based UUID, version 5 (RFC 9562 §5.5): SHA-1 of the namespace's 16 bytes followed by the
 * name's UTF-8 bytes, the first 16 bytes of the digest with the version (5) and variant (10xx) bits
 * set. The same namespace and name always give the same id, which is how the open-data feed keeps a
 * site's ids without storing them (docs/decisions/029-open-referral-feed.md).
 */
export function uuidV5(namespace: string, name: string): string {
  const bytes = createHash('sha1')
    .update(namespaceBytes(namespace))
    .update(name, 'utf8')
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
