/**
 * Governors sharing one rate-limit store against a GitHub-like server whose quotas are per
 * resource (`github-resources.ts`): the first governor learns which quota a route draws on from
 * its first answer; the others join after and send to the same routes.
 * @module
 */
import {
  parseRateLimitFields,
  RateLimitGovernor,
  type RateLimitStore,
  type ThrottleWait,
} from '../../src/http/index.js';
import { gitHubResources } from './github-resources.js';
import type { VirtualClock } from './virtual-clock.js';

export const ORIGIN = 'https://api.github.test';

export function scopeFleet(stores: readonly RateLimitStore[], clock: VirtualClock) {
  const server = gitHubResources({
    core: { limit: 50, windowMs: 60_000 },
    search: { limit: 3, windowMs: 60_000 },
    graphql: { limit: 20, windowMs: 60_000 },
  });
  const waits: ThrottleWait[][] = stores.map(() => []);
  const governors = stores.map(
    (store, index) =>
      new RateLimitGovernor({
        clock,
        store,
        random: () => 0,
        onWait: (wait) => waits[index]!.push(wait),
      }),
  );
  /** One request of governor `index` to `path`, answered at once; resolves to the status. */
  const send = async (index: number, path: string): Promise<number> => {
    const permit = await governors[index]!.acquire(new URL(`${ORIGIN}${path}`));
    const now = clock.now();
    const answer = server.answer('account-1', path, now);
    const observations = parseRateLimitFields(answer.headers, { receivedAt: now });
    const resetAt = Number(answer.headers.get('x-ratelimit-reset')) * 1000;
    await permit.complete({
      answered: true,
      status: answer.status,
      receivedAt: now,
      observations,
      ...(answer.status === 403 ? { refusal: 'rate' as const, retryAfterMs: resetAt - now } : {}),
    });
    return answer.status;
  };
  return { server, governors, waits, send };
}

/**
 * The first governor spends the search quota (three requests); the others then send one search
 * and one core request each. Resolves to their statuses, the server's refusals, and whether each
 * joiner waited for the search quota (not for a probe).
 */
export async function spendThenJoin(fleet: ReturnType<typeof scopeFleet>) {
  const { server, waits, send, governors } = fleet;
  const first: number[] = [];
  for (let request = 0; request < 3; request += 1) first.push(await send(0, '/search/code'));
  const joiners = governors.map((_, index) => index).slice(1);
  const statuses = await Promise.all(
    joiners.flatMap((index) => [send(index, '/search/code'), send(index, '/user')]),
  );
  const waitedForSearch = joiners.map((index) =>
    waits[index]!.some((wait) => wait.reason === 'quota' && wait.bucket.endsWith('#search#')),
  );
  return { statuses: [...first, ...statuses], refused: server.refused, waitedForSearch };
}
