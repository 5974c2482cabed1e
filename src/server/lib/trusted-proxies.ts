import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from '../config/trust-proxy.js';

/**
 * TRUST_PROXY as Fastify's `trustProxy` option: a function of (address, hop), where hop 0 is the socket's peer
 * and each next hop the next address leftwards in X-Forwarded-For. Fastify (through proxy-addr) takes the client's
 * address to be the first one, from the right, that this does not trust; so forged entries a client puts on the
 * left are never reached. Fastify itself no longer accepts a hop count (it trusts nothing then), hence the
 * function (docs/decisions/045).
 */
export function trustProxyOption(setting: TrustProxy): false | ((address: string, hop: number) => boolean) {
  if (setting.kind === 'none') return false;
  if (setting.kind === 'hops') {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  const trusted = new BlockList();
  for (const range of setting.ranges) trusted.addSubnet(range.address, range.prefix, range.family);
  return (address) => {
    const version = isIP(address);
    // IPv4 clients of a dual-stack listener arrive as ::ffff:a.b.c.d; BlockList matches those to IPv4 ranges.
    return version !== 0 && trusted.check(address, version === 4 ? 'ipv4' : 'ipv6');
  };
}
