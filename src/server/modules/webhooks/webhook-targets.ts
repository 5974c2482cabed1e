import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent (decision 054): never inside our network. An address in any of these ranges is refused
 * at creation and again at every send, and the request then goes to the very address that was checked.
 */
const REFUSED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];
const REFUSED_V6: readonly [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still private)
  ['ff00::', 8], // multicast
];
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const REFUSED = new BlockList();
for (const [network, prefix] of REFUSED_V4) REFUSED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of REFUSED_V6) REFUSED.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail read as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The IPv4 address an IPv6 address carries and would reach: IPv4-mapped (`::ffff:a.b.c.d`), IPv4-compatible
 * (`::a.b.c.d`, deprecated), NAT64 (`64:ff9b::/96`) and 6to4 (`2002:AABB:CCDD::`). Null for any other.
 */
export function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && (g[5] === 0xffff || (g[5] === 0 && (g[6] !== 0 || g[7]! > 1)))) return v4(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  return null;
}

export interface TargetPolicy {
  /** Development and tests: loopback receivers (a local test server) are allowed, and plain http. */
  allowLoopback: boolean;
}

/** Whether a webhook may be sent to this IP address. */
export function isAllowedAddress(address: string, policy: TargetPolicy): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== null) return isAllowedAddress(v4, policy);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (policy.allowLoopback && LOOPBACK.check(address, type)) return true;
  return !REFUSED.check(address, type);
}

export type TargetRefusal = 'WEBHOOK_URL_NOT_HTTPS' | 'WEBHOOK_URL_FORBIDDEN' | 'WEBHOOK_URL_UNRESOLVABLE';

export interface ResolvedTarget {
  url: URL;
  /** The checked address to connect to: never looked up again. */
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Resolves a webhook URL once and checks every address it resolves to (an attacker's name may answer a public and a
 * private address): the target to connect to, or why not.
 */
export async function resolveTarget(
  rawUrl: string,
  policy: TargetPolicy,
  resolve: Resolver = systemResolver,
): Promise<ResolvedTarget | { refused: TargetRefusal }> {
  const url = new URL(rawUrl);
  if (url.protocol !== 'https:' && !(policy.allowLoopback && url.protocol === 'http:')) return { refused: 'WEBHOOK_URL_NOT_HTTPS' };
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(hostname) !== 0) addresses = [{ address: hostname, family: isIP(hostname) }];
  else {
    try {
      addresses = await resolve(hostname);
    } catch {
      return { refused: 'WEBHOOK_URL_UNRESOLVABLE' };
    }
  }
  if (addresses.length === 0) return { refused: 'WEBHOOK_URL_UNRESOLVABLE' };
  if (!addresses.every(({ address }) => isAllowedAddress(address, policy))) return { refused: 'WEBHOOK_URL_FORBIDDEN' };
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}
