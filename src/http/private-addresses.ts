/**
 * Addresses that are not the public internet: loopback, private networks, link-local (where cloud
 * metadata services such as 169.254.169.254 answer), shared and reserved ranges. A result URL that
 * leads to one could make the provider read what only the machine it runs on can reach.
 * Written in plain JavaScript (no `node:net`), so that the provider runs where Node's modules are
 * absent (workerd, edge runtimes).
 * @module
 */

/** `[first address as bits, prefix length]` of each range, IPv4 as 32 bits, IPv6 as 128. */
const NOT_PUBLIC_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const NOT_PUBLIC_V6: ReadonlyArray<readonly [string, number]> = [
  ['::', 127], // unspecified and loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
];

/** `a.b.c.d` as a 32-bit number, or undefined when it is not a dotted IPv4 address. */
function ipv4Bits(address: string): bigint | undefined {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (!match) return undefined;
  let bits = 0n;
  for (const part of match.slice(1)) {
    const value = Number(part);
    if (value > 255 || (part.length > 1 && part.startsWith('0'))) return undefined;
    bits = (bits << 8n) | BigInt(value);
  }
  return bits;
}

/** An IPv6 address as a 128-bit number (`::` and an embedded IPv4 tail read), or undefined. */
function ipv6Bits(address: string): bigint | undefined {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (!/^[0-9a-f:.]+$/.test(text) || !text.includes(':')) return undefined;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail !== undefined) {
    const v4 = ipv4Bits(tail);
    if (v4 === undefined) return undefined;
    text = `${text.slice(0, -tail.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groupsOf(halves[0] ?? '');
  const rest = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  let bits = 0n;
  for (const group of [...head, ...Array<string>(Math.max(0, missing)).fill('0'), ...rest]) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return undefined;
    bits = (bits << 16n) | BigInt(Number.parseInt(group, 16));
  }
  return bits;
}

/** 4 for an IPv4 address, 6 for an IPv6 one, 0 for anything else (as `node:net` `isIP`). */
export function ipVersion(address: string): 0 | 4 | 6 {
  if (ipv4Bits(address) !== undefined) return 4;
  return ipv6Bits(address) !== undefined ? 6 : 0;
}

function within(bits: bigint, ranges: ReadonlyArray<readonly [string, number]>, width: bigint): boolean {
  return ranges.some(([network, prefix]) => {
    const base = width === 32n ? ipv4Bits(network) : ipv6Bits(network);
    const shift = width - BigInt(prefix);
    return base !== undefined && bits >> shift === base >> shift;
  });
}

/** Whether `address` (an IP address, v4 or v6) lies outside the public internet. */
export function isNonPublicAddress(address: string): boolean {
  const v4 = ipv4Bits(address);
  if (v4 !== undefined) return within(v4, NOT_PUBLIC_V4, 32n);
  const v6 = ipv6Bits(address);
  if (v6 === undefined) return false;
  // An IPv4 address written inside IPv6 (`::ffff:127.0.0.1`) is the IPv4 address it is.
  if (v6 >> 32n === 0xffffn) return within(v6 & 0xffffffffn, NOT_PUBLIC_V4, 32n);
  return within(v6, NOT_PUBLIC_V6, 128n);
}
