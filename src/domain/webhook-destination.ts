import ipaddr from 'ipaddr.js';

/**
 * Which addresses a webhook may reach (CONTRACT §9 "Webhook destinations"). ipaddr.js (already in the tree through
 * Express's proxy-addr) names each special-purpose range and matches CIDRs for IPv4 and IPv6 alike, IPv4-mapped IPv6
 * included; a hand-written parser would be one more place for an address notation to slip through.
 */
const REFUSED_RANGES = new Set(['loopback', 'private', 'linkLocal', 'carrierGradeNat', 'uniqueLocal', 'multicast', 'unspecified']);

export type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

export const DESTINATION_NOT_ALLOWED = 'DESTINATION_NOT_ALLOWED';

/** "127.0.0.0/8,::1/128" → parsed ranges; throws on a bad entry. */
export function parseCidrList(list: string): Cidr[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => ipaddr.parseCIDR(s));
}

/** The refused range an address is in, or null when it may be reached. An IPv4-mapped IPv6 address is judged as its IPv4 form. */
export function refusedRange(address: string, allowed: Cidr[]): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  if (!REFUSED_RANGES.has(range)) return null;
  if (allowed.some(([net, bits]) => net.kind() === ip.kind() && (ip as ipaddr.IPv4).match(net as ipaddr.IPv4, bits))) return null;
  return range;
}

/** The https rule and the shape of the URL; null when acceptable. The address check needs the resolver: see the adapter. */
export function webhookUrlProblem(url: string, production: boolean): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'expected an http(s) URL';
  if (production && u.protocol !== 'https:') return 'webhook URLs must be https with NODE_ENV=production';
  return null;
}

/** URL.hostname keeps an IPv6 literal's brackets; sockets and the checks want it bare. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}
