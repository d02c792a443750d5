/**
 * Addresses that are not the public internet: loopback, private networks, link-local (where cloud
 * metadata services such as 169.254.169.254 answer), shared and reserved ranges. A result URL that
 * leads to one could make the provider read what only the machine it runs on can reach.
 * @module
 */
import { BlockList, isIPv4 } from 'node:net';

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
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
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127], // unspecified and loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** An IPv4 address written inside IPv6 (`::ffff:127.0.0.1`), as the IPv4 address it is. */
function embeddedIpv4(address: string): string | undefined {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1];
}

/** Whether `address` (an IP address, v4 or v6) lies outside the public internet. */
export function isNonPublicAddress(address: string): boolean {
  const v4 = isIPv4(address) ? address : embeddedIpv4(address);
  return v4 ? NOT_PUBLIC.check(v4, 'ipv4') : NOT_PUBLIC.check(address, 'ipv6');
}
