import { describe, expect, it } from 'vitest';
import { logGate, proxyTrust } from './security.ts';

describe('logGate', () => {
  it('lets a key through once per window, and again once the window has passed', () => {
    let now = 0;
    const gate = logGate(60_000, 10, () => now);
    expect([gate('https://a.example'), gate('https://a.example'), gate('https://b.example')]).toEqual([
      true,
      false,
      true,
    ]);
    now = 59_999;
    expect(gate('https://a.example')).toBe(false);
    now = 60_000;
    expect([gate('https://a.example'), gate('https://a.example')]).toEqual([true, false]);
  });

  it('keeps at most maxKeys keys: beyond them nothing is logged until the oldest ends', () => {
    let now = 0;
    const gate = logGate(60_000, 3, () => now);
    const origins = Array.from({ length: 1000 }, (_, i) => `https://o${i}.example`);
    expect(origins.filter((o) => gate(o))).toEqual(origins.slice(0, 3));
    now = 60_000;
    expect(gate('https://new.example')).toBe(true);
    expect(gate(origins[0]!)).toBe(true);
  });
});

describe('proxyTrust', () => {
  it('trusts the named ranges, listed addresses and CIDR ranges, IPv4-mapped peers included', () => {
    const trust = proxyTrust(['loopback', '10.0.0.0/8', '2001:db8::/32']);
    for (const peer of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '10.200.0.1', '2001:db8::5'])
      expect(trust.trustsPeer(peer), peer).toBe(true);
    for (const peer of ['203.0.113.7', '11.0.0.1', '2001:db9::1', '', undefined, 'not-an-address'])
      expect(trust.trustsPeer(peer), String(peer)).toBe(false);
    expect(proxyTrust(['uniquelocal']).trustsPeer('192.168.1.1')).toBe(true);
    expect(proxyTrust(['linklocal']).trustsPeer('169.254.1.1')).toBe(true);
  });

  it('counts hops from the server: hop count N trusts the N nearest', () => {
    const option = proxyTrust(2).option as (address: string, hop: number) => boolean;
    expect([option('203.0.113.7', 0), option('203.0.113.7', 1), option('203.0.113.7', 2)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(proxyTrust(false)).toMatchObject({ option: false });
    expect(proxyTrust(false).trustsPeer('127.0.0.1')).toBe(false);
    expect(proxyTrust(true)).toMatchObject({ option: true });
  });
});
