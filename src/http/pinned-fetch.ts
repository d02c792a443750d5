/**
 * A `fetch` that connects only to addresses it has checked: undici with a name resolution that
 * applies a rule to the very addresses a connection is made to. A check made before the request
 * could be answered by one DNS reply and the connection by another (DNS rebinding); this one
 * cannot. Where undici does not run (workerd, edge runtimes, Bun), the platform's `fetch` is used:
 * those runtimes resolve names out of the program's reach, so a check of each URL before its
 * request is the guard there. undici is loaded at the first request, never at import. Result
 * downloads (the provider's download policy) and discovery's reads of other hosts share it.
 * @module
 */
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { Dispatcher } from 'undici';
import type { ResolveHost } from '../runtime/system-resolver.js';
import { defaultTransportKind } from './default-transport.js';
import type { FetchFunction } from './transport.js';

/** A connection refused for its address, found in the cause chain of the fetch's failure. */
export class RefusedAddress extends Error {}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** The refusal in `error`'s cause chain, when a connection was refused for its address. */
export function refusedAddressIn(error: unknown): RefusedAddress | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof RefusedAddress) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** What a pinned fetch resolves names with and which addresses it refuses. */
export interface PinnedFetchRule {
  /** Name resolution (the system's, or a test's). */
  readonly resolve: ResolveHost;
  /** Why a connection to `address` (which `hostname` resolved to) must not be made, or `undefined`. */
  addressRefusal(hostname: string, address: string): Promise<string | undefined> | string | undefined;
}

/**
 * A fetch whose connections go only to addresses `rule` accepts, and a `close()` that releases
 * its connections. Every address a name resolves to is checked: one refused refuses the name.
 *
 * @example
 * const pinned = createPinnedFetch({ resolve, addressRefusal: (host, address) => undefined });
 * await pinned.fetch('https://cdn.example.com/file.png');
 * await pinned.close();
 */
export function createPinnedFetch(rule: PinnedFetchRule): { fetch: FetchFunction; close(): Promise<void> } {
  const lookup = (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    rule
      .resolve(hostname)
      .then(async (found) => {
        for (const address of found) {
          const refusal = await rule.addressRefusal(hostname, address);
          if (refusal) throw new RefusedAddress(refusal);
        }
        if (found.length === 0)
          throw Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' });
        const addresses = found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''));
  };
  type UndiciFetch = (input: unknown, init: unknown) => Promise<Response>;
  let pinned: Promise<{ fetch: UndiciFetch; agent: Dispatcher } | undefined> | undefined;
  const load = async () => {
    if ((await defaultTransportKind()) !== 'undici') return undefined;
    const { Agent, fetch } = await import('undici');
    return { fetch: fetch as unknown as UndiciFetch, agent: new Agent({ connect: { lookup } as never }) };
  };
  return {
    fetch: (async (input, init) => {
      pinned ??= load();
      const undici = await pinned;
      if (!undici) return globalThis.fetch(input, init);
      return undici.fetch(input, { ...(init as object), dispatcher: undici.agent });
    }) as FetchFunction,
    close: async () => {
      const undici = await pinned;
      await undici?.agent.close();
    },
  };
}
