import { describe, expect, it } from 'vitest';
import { isUuid, uuidV5 } from './uuid.ts';

/** The DNS namespace of RFC 9562 (Appendix A / §6.6). */
const DNS_NAMESPACE = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';

describe('uuidV5', () => {
  it('matches the published vector: "www.example.com" in the DNS namespace (RFC 9562 A.4)', () => {
    expect(uuidV5(DNS_NAMESPACE, 'www.example.com')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('accepts the namespace in upper case and gives version 5, variant 10xx', () => {
    const id = uuidV5(DNS_NAMESPACE.toUpperCase(), 'service:1');
    expect(id).toBe(uuidV5(DNS_NAMESPACE, 'service:1'));
    expect(id[14]).toBe('5');
    expect('89ab').toContain(id[19]);
    expect(isUuid(id)).toBe(true);
  });

  it('differs by name and by namespace, and hashes names as UTF-8', () => {
    const other = uuidV5(DNS_NAMESPACE, 'www.example.org');
    expect(uuidV5(DNS_NAMESPACE, 'service:1')).not.toBe(uuidV5(DNS_NAMESPACE, 'service:2'));
    expect(uuidV5(other, 'service:1')).not.toBe(uuidV5(DNS_NAMESPACE, 'service:1'));
    expect(uuidV5(DNS_NAMESPACE, '用餐點')).not.toBe(uuidV5(DNS_NAMESPACE, '???'));
  });

  it('refuses a namespace that is not a UUID', () => {
    expect(() => uuidV5('not-a-uuid', 'x')).toThrow(TypeError);
  });
});
