/**
 * The `fetch` of result downloads when the user gave none: the HTTP core's pinned fetch
 * (`http/pinned-fetch.ts`) under the download policy, so that the policy applies to the very
 * addresses a connection is made to (no DNS rebinding between the check and the connection).
 * Where undici does not run, the policy's check of each URL before its request
 * (`download-output.ts`) is the guard.
 * @module
 */
import type { DownloadPolicy } from '../http/download-policy.js';
import type { FetchFunction } from '../http/index.js';
import { createPinnedFetch } from '../http/pinned-fetch.js';

export { RefusedAddress as RefusedDownloadAddress, refusedAddressIn } from '../http/pinned-fetch.js';

export function createPinnedDownloadFetch(policy: DownloadPolicy): {
  fetch: FetchFunction;
  close(): Promise<void>;
} {
  return createPinnedFetch({ resolve: policy.resolve, addressRefusal: policy.addressRefusal });
}
