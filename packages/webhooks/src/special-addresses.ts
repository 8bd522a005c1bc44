import { BlockList, isIP } from 'node:net';

// The IANA special-purpose registries (IPv4 and IPv6) minus the few entries marked globally
// reachable, plus multicast and the reserved blocks: no webhook goes there unless allowed.
const SPECIAL_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, incl. cloud metadata endpoints
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. limited broadcast
];

const SPECIAL_IPV6: readonly (readonly [string, number])[] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible block
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (deprecated; it can tunnel to any IPv4 address)
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing identifiers
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
];

const SPECIAL = new BlockList();
for (const [network, prefix] of SPECIAL_IPV4) SPECIAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of SPECIAL_IPV6) SPECIAL.addSubnet(network, prefix, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether an IP address is outside the global unicast space (private, loopback, link-local,
 * documentation, multicast, reserved ...). An IPv4 address inside an IPv6 one (IPv4-mapped
 * `::ffff:0:0/96`, NAT64 `64:ff9b::/96`) is judged by the IPv4 address it carries. Anything
 * that is not an IP address counts as special.
 *
 * @example
 * ```ts
 * isSpecialPurposeAddress('169.254.169.254'); // true
 * isSpecialPurposeAddress('64:ff9b::a00:1'); // true (10.0.0.1 through NAT64)
 * isSpecialPurposeAddress('8.8.8.8'); // false
 * ```
 */
export function isSpecialPurposeAddress(address: string): boolean {
  return matches(SPECIAL, address);
}

/**
 * Whether an IP address is a loopback address (`127.0.0.0/8`, `::1`, or IPv4 loopback carried
 * in IPv6).
 *
 * @example
 * ```ts
 * isLoopbackAddress('::ffff:127.0.0.1'); // true
 * ```
 */
export function isLoopbackAddress(address: string): boolean {
  return matches(LOOPBACK, address);
}

function matches(list: BlockList, address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return list.check(bare, 'ipv4');
  if (family !== 6) return true;
  const embedded = embeddedIpv4(bare);
  return embedded === undefined ? list.check(bare, 'ipv6') : list.check(embedded, 'ipv4');
}

/** The IPv4 address an IPv4-mapped or NAT64 (well-known prefix) IPv6 address carries. */
function embeddedIpv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address);
  if (bytes === undefined) return undefined;
  const head = bytes.subarray(0, 12);
  const mapped = head.every((byte, index) => byte === (index >= 10 ? 0xff : 0));
  const nat64 = head.every((byte, index) => byte === (NAT64_PREFIX[index] ?? 0));
  return mapped || nat64 ? Array.from(bytes.subarray(12)).join('.') : undefined;
}

const NAT64_PREFIX: readonly number[] = [0x00, 0x64, 0xff, 0x9b];

/** The 16 bytes of an IPv6 address (already checked by `isIP`), dotted-quad tail included. */
function ipv6Bytes(address: string): Uint8Array | undefined {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left = '', right] = text.split('::');
  const leftGroups = left === '' ? [] : left.split(':');
  const rightGroups = right === undefined || right === '' ? [] : right.split(':');
  const missing = 8 - leftGroups.length - rightGroups.length;
  const groups = [...leftGroups, ...Array<string>(Math.max(missing, 0)).fill('0'), ...rightGroups];
  if (groups.length !== 8) return undefined;
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    const value = Number.parseInt(group, 16);
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  });
  return bytes;
}
