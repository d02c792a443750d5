/**
 * The toolkit told the documented limit (`rateLimit.quotas`) against the servers that state it in
 * no field, beside the toolkit cold and Bottleneck told it by hand; and told it wrong (twice too
 * high, twice too low), which must not do worse than cold.
 *
 *   node --import tsx bench/dialects/told-rows.ts stripe gemini github-secondary-429
 * @module
 */
import type { PublishedQuota } from '../../src/http/index.js';
import { providerLimitServer } from '../../test/support/provider-limit-servers/index.js';
import { runAgainst } from '../../test/support/provider-limit-servers/run-against.js';
import { toolkitToldClient } from '../../test/support/provider-limit-servers/toolkit-client.js';
import { bottleneckFor, summarize } from './provider-runs.js';

const shape = { jobs: 200, callers: 50, jobMs: 1_000 };
const ids = process.argv.slice(2);

/** `quotas` with every count (not the window) times `factor`. */
const scaled = (quotas: readonly PublishedQuota[], factor: number): PublishedQuota[] =>
  quotas.map((quota) => ({
    ...quota,
    ...(quota.limit !== undefined ? { limit: Math.max(1, Math.round(quota.limit * factor)) } : {}),
    ...(quota.refillPerSecond !== undefined ? { refillPerSecond: quota.refillPerSecond * factor } : {}),
    ...(quota.maxInFlight !== undefined
      ? { maxInFlight: Math.max(1, Math.round(quota.maxInFlight * factor)) }
      : {}),
  }));

const percent = (share: number) => `${(100 * share).toFixed(2)} %`;

for (const id of ids) {
  const server = providerLimitServer(id);
  const told = server.told ?? [];
  const variants = [
    ['cold', toolkitToldClient()],
    ['told', toolkitToldClient(told)],
    ['told 2x high', toolkitToldClient(scaled(told, 2))],
    ['told 2x low', toolkitToldClient(scaled(told, 0.5))],
    ['bottleneck', bottleneckFor(server)],
  ] as const;
  for (const [name, client] of variants) {
    const row = summarize(server, await runAgainst(server, client, shape));
    console.log(
      `${id} ${name}: ${percent(row.refusedShare)} refused (of ${row.requests}), ${percent(row.used)} used, ${row.ratio.toFixed(4)}x, ${row.failed}/${row.lost} failed/lost`,
    );
  }
}
process.exit(0);
