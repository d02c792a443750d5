/**
 * Where the provider may download a result file from. A result URL is the service's word, so a
 * hostile service could name any address: the cloud's metadata service, a router, a database on
 * the user's machine. A download goes only to the service's own origin or an origin the user
 * trusts (`downloadOrigins`), each redirect is checked again, and the host must not resolve to a
 * loopback, private or link-local address unless the service itself answers there.
 * @module
 */
import { type ResolveHost, resolveWithSystem } from '../runtime/system-resolver.js';
import { ipVersion, isNonPublicAddress } from './private-addresses.js';

/** The addresses a host name resolves to (an IP literal resolves to itself). */
export type { ResolveHost };

/** `[::1]` as URLs write it, `::1` as addresses are. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function canonical(address: string): string {
  return address.toLowerCase().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
}

async function addressesOf(url: URL, resolve: ResolveHost): Promise<readonly string[]> {
  const host = bareHost(url);
  return ipVersion(host) !== 0 ? [host] : resolve(host);
}

export interface DownloadPolicyOptions {
  /** The service's base URL: its origin may serve files, and its addresses may be non-public. */
  readonly serviceUrl: string;
  /** Further origins the user trusts to serve result files (a CDN). */
  readonly trustedOrigins?: readonly string[];
  /**
   * Name resolution; the system's by default. Where the runtime has no resolver (workerd, edge
   * runtimes) a name resolves to nothing: the origin rule still holds, and those runtimes do not
   * let a program reach the machine's own networks anyway.
   */
  readonly resolve?: ResolveHost;
}

/** Decides, address by address, whether a result file may be fetched. */
export interface DownloadPolicy {
  /** Why `url` must not be fetched, or `undefined` when it may. */
  refusalOf(url: string): Promise<string | undefined>;
  /**
   * Why a connection to `address` (which `hostname` resolved to) must not be made: the same rule,
   * applied again when the connection is made, so that a name resolving first to a public address
   * and then to a private one (DNS rebinding) gains nothing.
   */
  addressRefusal(hostname: string, address: string): Promise<string | undefined>;
  /** The name resolution the policy uses. */
  readonly resolve: ResolveHost;
}

export function createDownloadPolicy(options: DownloadPolicyOptions): DownloadPolicy {
  const service = new URL(options.serviceUrl);
  const origins = new Set([service.origin]);
  for (const origin of options.trustedOrigins ?? []) origins.add(new URL(origin).origin);
  const resolve = options.resolve ?? resolveWithSystem;
  let serviceAddresses: Promise<Set<string>> | undefined;
  // Resolved once, when a non-public address first needs comparing: "the service itself is
  // there" means the very address its own host resolves to, not merely the same kind of network.
  const serviceAnswersAt = async (address: string) => {
    serviceAddresses ??= addressesOf(service, resolve).then(
      (list) => new Set(list.map(canonical)),
      () => new Set<string>(),
    );
    return (await serviceAddresses).has(canonical(address));
  };
  const addressRefusal = async (hostname: string, address: string) =>
    isNonPublicAddress(address) && !(await serviceAnswersAt(address))
      ? `${hostname} resolves to ${address}, a loopback, private or link-local address where the service is not`
      : undefined;
  return {
    resolve,
    addressRefusal,
    async refusalOf(url) {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return 'it is not a URL';
      }
      if (target.protocol !== 'https:' && target.protocol !== 'http:') return 'it is not http(s)';
      if (!origins.has(target.origin)) {
        return `${target.origin} is neither the service's origin nor one of downloadOrigins`;
      }
      let addresses: readonly string[];
      try {
        addresses = await addressesOf(target, resolve);
      } catch {
        return `${target.hostname} does not resolve`;
      }
      for (const address of addresses) {
        const refusal = await addressRefusal(target.hostname, address);
        if (refusal) return refusal;
      }
      return undefined;
    },
  };
}
