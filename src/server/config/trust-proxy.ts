import { isIP } from 'node:net';

/**
 * Which proxies in front of the server are believed about the client's address (X-Forwarded-For) and protocol
 * (X-Forwarded-Proto). Every per-IP limit counts the address this yields, so trusting a hop too many lets a client
 * name its own address on every request (docs/decisions/045).
 *
 * - `none`: the socket's address is the client's; forwarded headers are ignored.
 * - `hops`: the nearest `hops` peers are proxies, whatever their addresses; the client is the next address
 *   leftwards in X-Forwarded-For. Sound only when clients cannot reach the server but through those proxies.
 * - `addresses`: peers within these ranges are proxies; the client is the first address, from the right, that is
 *   not. A request from any other address is taken as the client's own, whatever headers it carries.
 */
export type TrustProxy =
  { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; ranges: TrustedRange[] };

export interface TrustedRange {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

export const MAX_TRUSTED_HOPS = 10;

/** proxy-addr's names for the private ranges, as Fastify's own `trustProxy` string accepts them. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const EXPECTED =
  'false, true (one proxy), a number of proxies (1-10), or a comma-separated list of proxy addresses and CIDR ranges ' +
  '(e.g. 10.0.0.0/8,127.0.0.1; also loopback, linklocal, uniquelocal)';

function parseRange(entry: string): TrustedRange | string {
  const [address = '', prefixText, ...rest] = entry.split('/');
  const version = address.includes('%') ? 0 : isIP(address);
  if (version === 0 || rest.length > 0) return `"${entry}" is not an IP address or CIDR range`;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const bits = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: bits, family };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits)
    return `"${entry}" has no valid prefix length (0-${bits})`;
  const prefix = Number(prefixText);
  if (prefix === 0) return `"${entry}" would trust every address; name the proxies instead`;
  return { address, prefix, family };
}

/** A TRUST_PROXY value as a setting, or the problem with it (one sentence, for the configuration error). */
export function parseTrustProxy(raw: string | undefined): TrustProxy | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return { kind: 'none' };
  // Kept for existing deployments: it used to trust every hop, which let a client name its own address.
  if (value === 'true') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops === 0) return { kind: 'none' };
    return hops <= MAX_TRUSTED_HOPS
      ? { kind: 'hops', hops }
      : `must be ${EXPECTED}; ${value} proxies is more than ${MAX_TRUSTED_HOPS}`;
  }
  const ranges: TrustedRange[] = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (entry === '') return `must be ${EXPECTED}; the list has an empty entry`;
    const name = entry.toLowerCase();
    for (const named of Object.hasOwn(NAMED_RANGES, name) ? NAMED_RANGES[name]! : [entry]) {
      const range = parseRange(named);
      if (typeof range === 'string') return `must be ${EXPECTED}; ${range}`;
      ranges.push(range);
    }
  }
  return { kind: 'addresses', ranges };
}
