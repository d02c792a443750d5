/**
 * Whether a URL's host is outside the public internet: loopback, private networks, link-local
 * (where cloud metadata services such as 169.254.169.254 answer), shared, reserved and multicast
 * ranges, `localhost` and its subdomains. Web-standard (no `node:net`), for the core: WHATWG URL
 * parsing has already turned the other spellings of an IPv4 address (`2130706433`, `0177.0.0.1`,
 * `0x7f.1`) into dotted decimal and an IPv4-mapped IPv6 address into hex (`[::ffff:7f00:1]`),
 * so the host is read here in its canonical form only.
 * @module
 */

/** [first octet pattern, prefix length, network as a number] of the IPv4 ranges that are not public. */
const IPV4_NOT_PUBLIC: ReadonlyArray<readonly [number, number]> = [
  [ipv4Number(0, 0, 0, 0), 8],
  [ipv4Number(10, 0, 0, 0), 8],
  [ipv4Number(100, 64, 0, 0), 10],
  [ipv4Number(127, 0, 0, 0), 8],
  [ipv4Number(169, 254, 0, 0), 16],
  [ipv4Number(172, 16, 0, 0), 12],
  [ipv4Number(192, 0, 0, 0), 24],
  [ipv4Number(192, 168, 0, 0), 16],
  [ipv4Number(198, 18, 0, 0), 15],
  [ipv4Number(224, 0, 0, 0), 4],
  [ipv4Number(240, 0, 0, 0), 4],
];

function ipv4Number(a: number, b: number, c: number, d: number): number {
  return ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
}

const DOTTED = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4NotPublic(value: number): boolean {
  return IPV4_NOT_PUBLIC.some(([network, prefix]) => {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    return (value & mask) >>> 0 === network;
  });
}

/** The 8 groups of an IPv6 address in canonical URL form (no brackets), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const read = (part: string | undefined) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const head = read(halves[0]);
  const tail = read(halves[1]);
  const groups =
    halves.length === 2
      ? [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail]
      : head;
  return groups.length === 8 &&
    groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
    ? groups
    : undefined;
}

function ipv6NotPublic(groups: readonly number[]): boolean {
  const [first = 0, , , , , sixth = 0, seventh = 0, eighth = 0] = groups;
  const zeroesBefore = (count: number) => groups.slice(0, count).every((group) => group === 0);
  // :: and ::1
  if (zeroesBefore(7) && eighth <= 1) return true;
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): the IPv4 inside decides.
  const embedded = ((seventh << 16) >>> 0) + eighth;
  if (zeroesBefore(5) && (sixth === 0xffff || sixth === 0)) return ipv4NotPublic(embedded);
  if (first === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0))
    return ipv4NotPublic(embedded);
  if ((first & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((first & 0xffc0) === 0xfec0) return true; // site-local (deprecated) fec0::/10
  if ((first & 0xff00) === 0xff00) return true; // multicast
  return false;
}

/**
 * Whether `url`'s host is not on the public internet (see the module). A DNS name is judged by
 * its spelling only (`localhost`, `*.localhost`, `*.internal`, `*.local`): what it resolves to is
 * the resolver's business, out of reach of a Web-standard core.
 *
 * @example
 * isNonPublicHost(new URL('http://169.254.169.254/latest/meta-data')); // true
 * isNonPublicHost(new URL('http://[::ffff:10.0.0.1]/')); // true
 * isNonPublicHost(new URL('https://api.example.com/')); // false
 */
export function isNonPublicHost(url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') && host.endsWith(']')) {
    const groups = ipv6Groups(host.slice(1, -1));
    return groups === undefined || ipv6NotPublic(groups);
  }
  const dotted = DOTTED.exec(host);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    return ipv4NotPublic(ipv4Number(a, b, c, d));
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.internal') ||
    host.endsWith('.local') ||
    !host.includes('.')
  );
}
