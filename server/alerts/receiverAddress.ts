/**
 * Which addresses a webhook may be sent to: public ones only, unless the deployment allows a network
 * (RVM_WEBHOOK_ALLOW_NETWORKS, decision 0060). An address is checked as bytes, so every spelling of one (127.1,
 * 2130706433, ::ffff:127.0.0.1, 64:ff9b::7f00:1) is the same address here.
 */

/** Why an address is refused: the kind of network it is in. */
export type RefusedKind =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared (CGNAT)'
  | 'benchmarking'
  | 'documentation'
  | 'reserved'
  | 'unspecified'
  | 'multicast'
  | 'broadcast';

/** What no allowance opens: no receiver can be there, and 0.0.0.0 reaches this very host. */
const NEVER_ALLOWED: ReadonlySet<RefusedKind> = new Set(['unspecified', 'multicast', 'broadcast']);

/** An address range: its first bytes and how many of their bits count. */
export interface Network {
  bytes: readonly number[];
  prefix: number;
}

function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part))) return null;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

function parseIpv6(text: string): number[] | null {
  const address = text.replace(/%.*$/, ''); // a zone (fe80::1%eth0) names an interface, not an address
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string): number[] | null => {
    if (half === '') return [];
    const groups: number[] = [];
    const pieces = half.split(':');
    for (const [index, piece] of pieces.entries()) {
      if (index === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIpv4(piece);
        if (!v4) return null;
        groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
        groups.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

/** An IPv4 or IPv6 address as its 4 or 16 bytes (IPv6 with or without brackets), or null when it is neither. */
export function parseIp(text: string): number[] | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  return bare.includes(':') ? parseIpv6(bare) : parseIpv4(bare);
}

/** `10.0.0.0/8`, `fd00::/8`, or one address (all its bits); null when it is none of these. */
export function parseNetwork(text: string): Network | null {
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  const bytes = parseIp(address);
  if (!bytes || rest.length > 0) return null;
  const bits = bytes.length * 8;
  if (prefixText === undefined) return { bytes, prefix: bits };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) return null;
  return { bytes, prefix: Number(prefixText) };
}

function inNetwork(bytes: readonly number[], network: Network): boolean {
  if (bytes.length !== network.bytes.length) return false;
  for (let bit = 0; bit < network.prefix; bit += 8) {
    const take = Math.min(8, network.prefix - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (network.bytes[bit / 8]! & mask)) return false;
  }
  return true;
}

const table = (rows: [string, RefusedKind][]): [Network, RefusedKind][] =>
  rows.map(([text, kind]) => [parseNetwork(text)!, kind]);

/** IANA's special-purpose IPv4 ranges that are no place for a receiver, the narrowest first. */
const IPV4_REFUSED = table([
  ['255.255.255.255/32', 'broadcast'],
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'shared (CGNAT)'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'reserved'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
]);

/** IPv6 forms that carry an IPv4 address, and where its 4 bytes are: that address decides. */
const IPV4_CARRIERS: [Network, number][] = [
  [parseNetwork('::ffff:0:0/96')!, 12], // IPv4-mapped
  [parseNetwork('64:ff9b::/96')!, 12], // NAT64 (RFC 6052)
  [parseNetwork('2002::/16')!, 2], // 6to4
];

/** Only global unicast (2000::/3) can be public; within it, these are not. Outside it, the kinds below say why. */
const IPV6_GLOBAL = parseNetwork('2000::/3')!;
const IPV6_REFUSED_IN_GLOBAL = table([
  ['2001::/32', 'reserved'], // Teredo
  ['2001:2::/48', 'benchmarking'],
  ['2001:10::/28', 'reserved'], // ORCHID
  ['2001:20::/28', 'reserved'], // ORCHIDv2
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
]);
const IPV6_OUTSIDE_GLOBAL = table([
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fc00::/7', 'private'], // unique local
  ['fe80::/10', 'link-local'],
  ['ff00::/8', 'multicast'],
]);

/** The kind of network `bytes` is in when no receiver should be reached there, or null for a public address. */
function refusedKindOf(bytes: readonly number[]): RefusedKind | null {
  if (bytes.length === 4) return IPV4_REFUSED.find(([network]) => inNetwork(bytes, network))?.[1] ?? null;
  const carrier = IPV4_CARRIERS.find(([network]) => inNetwork(bytes, network));
  if (carrier) return refusedKindOf(bytes.slice(carrier[1], carrier[1] + 4));
  if (inNetwork(bytes, IPV6_GLOBAL)) {
    return IPV6_REFUSED_IN_GLOBAL.find(([network]) => inNetwork(bytes, network))?.[1] ?? null;
  }
  return IPV6_OUTSIDE_GLOBAL.find(([network]) => inNetwork(bytes, network))?.[1] ?? 'reserved';
}

/** The IPv4 address an IPv6 address carries, if it is of a form that carries one. */
function carriedIpv4(bytes: readonly number[]): number[] | null {
  if (bytes.length !== 16) return null;
  const carrier = IPV4_CARRIERS.find(([network]) => inNetwork(bytes, network));
  return carrier ? bytes.slice(carrier[1], carrier[1] + 4) : null;
}

/**
 * Why a webhook may not be sent to `address` (an IP address as DNS or a URL gives it), or null when it may: a public
 * address, or one in a network the deployment allows (unless no receiver can be there at all). Text that is no
 * address is refused as reserved.
 */
export function refusalOf(address: string, allowed: readonly Network[] = []): RefusedKind | null {
  const bytes = parseIp(address);
  if (!bytes) return 'reserved';
  const kind = refusedKindOf(bytes);
  if (kind === null || NEVER_ALLOWED.has(kind)) return kind;
  const carried = carriedIpv4(bytes);
  const isAllowed = allowed.some((network) => inNetwork(bytes, network) || (carried && inNetwork(carried, network)));
  return isAllowed ? null : kind;
}

/** `localhost`, `*.localhost`, with or without the final dot: the loopback by definition (RFC 6761), never asked of DNS. */
export function isLocalhostName(hostname: string): boolean {
  return /(^|\.)localhost\.?$/i.test(hostname);
}
