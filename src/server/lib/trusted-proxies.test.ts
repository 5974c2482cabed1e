import { describe, expect, it } from 'vitest';
import { parseTrustProxy, type TrustProxy } from '../config/trust-proxy.js';
import { trustProxyOption } from './trusted-proxies.js';

function optionFor(value: string) {
  const setting = parseTrustProxy(value) as TrustProxy;
  expect(typeof setting).toBe('object');
  return trustProxyOption(setting);
}

describe('TRUST_PROXY as the function Fastify asks about each hop', () => {
  it('trusts nothing when unset or false', () => {
    expect(optionFor('')).toBe(false);
    expect(optionFor('false')).toBe(false);
  });

  it('with a hop count, trusts that many peers from the socket inwards, whatever their address', () => {
    const trust = optionFor('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => trust('203.0.113.1', hop))).toEqual([true, true, false, false]);
    const one = optionFor('true') as (address: string, hop: number) => boolean;
    expect([0, 1].map((hop) => one('10.0.0.1', hop))).toEqual([true, false]);
  });

  it('with addresses, trusts exactly the listed ones and ranges, IPv4 clients of a dual-stack listener included', () => {
    const trust = optionFor('10.0.0.0/8,127.0.0.1,2001:db8::/32') as (address: string, hop: number) => boolean;
    for (const address of ['10.0.0.1', '10.255.255.255', '127.0.0.1', '::ffff:10.1.2.3', '2001:db8::5'])
      expect(trust(address, 0), address).toBe(true);
    for (const address of [
      '11.0.0.1',
      '127.0.0.2',
      '::1',
      '2001:db9::1',
      '203.0.113.7',
      'unknown',
      '',
      '10.0.0.1:443',
    ]) {
      expect(trust(address, 0), address).toBe(false);
    }
    // The hop does not matter: a trusted address is trusted wherever it is in the chain.
    expect(trust('10.0.0.1', 5)).toBe(true);
    const named = optionFor('loopback,uniquelocal') as (address: string, hop: number) => boolean;
    expect(['127.0.0.5', '::1', '192.168.1.1', '172.20.0.1', 'fd00::1'].every((address) => named(address, 0))).toBe(
      true,
    );
    expect(named('8.8.8.8', 0)).toBe(false);
  });
});
