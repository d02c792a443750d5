/**
 * Which hosts discovery may read, decided by where they are, not only by how they are spelled.
 * The documents are the service's word: a catalogue link to 169.254.169.254, to an intranet host,
 * or to a name that resolves to one, would make the caller's machine probe what only it can
 * reach. When the base URL is public, every other host is refused if it is spelled as a loopback,
 * private or link-local address (`isNonPublicHost`) or, where the runtime can resolve names, if
 * any address it resolves to is one; over the toolkit's own wire the connection then goes only to
 * an address that was checked (the pinned fetch result downloads use), so a second DNS answer
 * cannot differ from the first (rebinding). A base URL that is itself non-public (the emulator, a
 * service on the caller's own network, a name resolving there) is the caller's choice: its links
 * are read. Where there is no resolver (workerd, edge runtimes) the spelling check is the guard,
 * and those runtimes do not let a program reach the machine's own networks anyway.
 * @module
 */
import { createFetchTransport, type FetchFunction, isNonPublicHost, type Transport } from '../http/index.js';
import { createPinnedFetch } from '../http/pinned-fetch.js';
import { ipVersion, isNonPublicAddress } from '../http/private-addresses.js';
import { type ResolveHost, resolveWithSystem } from '../runtime/system-resolver.js';

export interface TargetGuardOptions {
  /** The base URL discovery started from. */
  readonly base: URL;
  /** The transport documents are read with. */
  readonly transport: Transport;
  /** Whether `transport` is the toolkit's own wire (then other hosts are read through a pinned one). */
  readonly builtIn: boolean;
  /** Name resolution; the system's over the toolkit's own wire, none over a caller's unless given. */
  readonly resolve?: ResolveHost;
}

export interface TargetGuard {
  /** Why `url` is not read, or `undefined` when it may be; checked before each request and redirect. */
  refusal(url: URL): Promise<string | undefined>;
  /** The transport to read documents with: other hosts through the pinned wire where there is one. */
  readonly transport: Transport;
  /**
   * The pinned `fetch` for a connection to `url` made by something other than `transport` (the MCP
   * inspector's client), when `transport` would read `url` through the pinned wire; `undefined`
   * when it would not (the base URL's host, an address literal, a non-public base, a caller's wire).
   */
  pinnedFetchFor(url: URL): Promise<FetchFunction | undefined>;
  /** Releases the pinned wire's connections. */
  close(): Promise<void>;
}

/** `[::1]` as URLs write it, `::1` as addresses are. */
function bareHost(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

const READ_ONLY_FROM_NON_PUBLIC = 'Discovery reads such addresses only when the base URL itself is one.';

export function createTargetGuard(options: TargetGuardOptions): TargetGuard {
  const { base } = options;
  const resolve = options.resolve ?? (options.builtIn ? resolveWithSystem : undefined);
  const baseHost = bareHost(base);
  const isBaseHost = (url: URL) => bareHost(url) === baseHost;
  const isName = (url: URL) => ipVersion(bareHost(url)) === 0;
  let basePublic: Promise<boolean> | undefined;
  // Resolved once, and only when another host is about to be read: a discovery that stays on its
  // base URL's host makes no lookup of its own.
  const baseIsPublic = (): Promise<boolean> => {
    basePublic ??= (async () => {
      if (isNonPublicHost(base)) return false;
      if (!resolve || !isName(base)) return true;
      const addresses = await resolve(baseHost).catch(() => [] as readonly string[]);
      return !addresses.some(isNonPublicAddress);
    })();
    return basePublic;
  };
  const resolvesTo = (where: string, address: string) =>
    `Not read: ${where} resolves to ${address}, not a public address (loopback, private or link-local), and the base URL ${base.origin} is public. ${READ_ONLY_FROM_NON_PUBLIC}`;

  const pinned =
    options.builtIn && resolve
      ? createPinnedFetch({
          resolve,
          // Applied again to the very addresses the connection is made to.
          addressRefusal: async (hostname, address) =>
            isNonPublicAddress(address) && (await baseIsPublic()) ? resolvesTo(hostname, address) : undefined,
        })
      : undefined;
  const pinnedTransport = pinned ? createFetchTransport(pinned.fetch) : undefined;
  const isPinned = async (url: URL) =>
    pinned !== undefined && !isBaseHost(url) && isName(url) && (await baseIsPublic());

  return {
    async refusal(url) {
      if (isBaseHost(url) || !(await baseIsPublic())) return undefined;
      if (isNonPublicHost(url))
        return `Not read: ${url.origin} is not a public address (loopback, private or link-local), and the base URL ${base.origin} is public. ${READ_ONLY_FROM_NON_PUBLIC}`;
      if (!resolve || !isName(url)) return undefined;
      let addresses: readonly string[];
      try {
        addresses = await resolve(bareHost(url));
      } catch {
        return `Not read: ${url.hostname} does not resolve, so it cannot be checked to be a public address.`;
      }
      const inside = addresses.find(isNonPublicAddress);
      return inside === undefined ? undefined : resolvesTo(url.origin, inside);
    },
    transport: pinnedTransport
      ? async (request) =>
          (await isPinned(request.url)) ? pinnedTransport(request) : options.transport(request)
      : options.transport,
    pinnedFetchFor: async (url) => ((await isPinned(url)) ? pinned?.fetch : undefined),
    close: async () => {
      await pinned?.close();
    },
  };
}
