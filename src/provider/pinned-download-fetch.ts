/**
 * The `fetch` of result downloads when the user gave none: undici with a name resolution that
 * applies the download policy to the very addresses a connection is made to. A check made before
 * the request could be answered by one DNS reply and the connection by another (DNS rebinding);
 * this one cannot. Where undici does not run (workerd, edge runtimes, Bun), the platform's `fetch`
 * is used: those runtimes resolve names out of the program's reach, so the policy's check of each
 * URL before its request (`download-output.ts`) is the guard there. undici is loaded at the first
 * download, never at import.
 * @module
 */
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { Dispatcher } from 'undici';
import type { DownloadPolicy } from '../http/download-policy.js';
import { defaultTransportKind, type FetchFunction } from '../http/index.js';

/** A connection the policy refused, found in the cause chain of the fetch's failure. */
export class RefusedDownloadAddress extends Error {}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** The policy's refusal in `error`'s cause chain, when a connection was refused for its address. */
export function refusedAddressIn(error: unknown): RefusedDownloadAddress | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof RefusedDownloadAddress) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function createPinnedDownloadFetch(policy: DownloadPolicy): {
  fetch: FetchFunction;
  close(): Promise<void>;
} {
  const lookup = (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    policy
      .resolve(hostname)
      .then(async (found) => {
        for (const address of found) {
          const refusal = await policy.addressRefusal(hostname, address);
          if (refusal) throw new RefusedDownloadAddress(refusal);
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
