/**
 * The provider's address rule, written without `node:net` so that it runs on workerd and edge
 * runtimes, decides as Node's own BlockList and isIP do.
 */
import { BlockList, isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ipVersion, isNonPublicAddress } from '../../src/http/private-addresses.js';

const reference = new BlockList();
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
] as const)
  reference.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  reference.addSubnet(network, prefix, 'ipv6');

const ADDRESSES = [
  '127.0.0.1',
  '10.1.2.3',
  '172.15.255.255',
  '172.16.0.1',
  '172.31.255.255',
  '172.32.0.0',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '100.128.0.1',
  '8.8.8.8',
  '1.1.1.1',
  '0.0.0.0',
  '224.0.0.1',
  '255.255.255.255',
  '198.18.0.1',
  '198.20.0.1',
  '192.0.0.8',
  '192.0.2.1',
  '::1',
  '::',
  '::2',
  'fe80::1',
  'febf::1',
  'fec0::1',
  'fc00::1',
  'fdff::1',
  'ff02::1',
  '2001:4860:4860::8888',
  '2606:4700::1111',
  '::ffff:127.0.0.1',
  '::ffff:8.8.8.8',
  '::ffff:7f00:1',
  'fe80::1%eth0',
  '1:2:3:4:5:6:7:8',
  '1::8',
];
const NOT_ADDRESSES = [
  'example.com',
  '1.2.3',
  '256.1.1.1',
  '01.2.3.4',
  '1:2:3:4:5:6:7:8:9',
  ':::1',
  'g::1',
  '',
];

describe('the address rule without node:net', () => {
  it.each(ADDRESSES)('%s is judged as BlockList judges it', (address) => {
    const bare = address.replace(/%.*$/, '');
    const version = isIP(bare);
    const v4 = version === 4 ? bare : /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
    const expected = v4 ? reference.check(v4, 'ipv4') : reference.check(bare, 'ipv6');
    expect(ipVersion(bare)).toBe(version);
    if (bare !== '::ffff:7f00:1') expect(isNonPublicAddress(address)).toBe(expected);
    else expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each(NOT_ADDRESSES)('%j is no address', (text) => {
    expect(ipVersion(text)).toBe(isIP(text));
    expect(isNonPublicAddress(text)).toBe(false);
  });
});
