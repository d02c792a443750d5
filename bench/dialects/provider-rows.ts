/**
 * The dialect section's provider rows for the toolkit alone (one process, virtual time), for
 * working on the governor without the rest of the section. `GENTK_PROVIDER_SERVERS` picks
 * servers by id (comma-separated: `sliding-log,github`); all of them otherwise.
 *
 * Run: GENTK_PROVIDER_SERVERS=sliding-log npx tsx bench/dialects/provider-rows.ts
 * @module
 */
import {
  PROVIDER_LIMIT_SERVERS,
  providerLimitServer,
} from '../../test/support/provider-limit-servers/index.js';
import { measureToolkit } from './provider-runs.js';

const ids =
  process.env.GENTK_PROVIDER_SERVERS?.split(',').filter(Boolean) ??
  PROVIDER_LIMIT_SERVERS.map(({ id }) => id);

console.log('server | refused % | quota used % | wall ÷ least | failed/lost');
for (const id of ids) {
  const row = await measureToolkit(providerLimitServer(id), { jobs: 200, callers: 50, jobMs: 1_000 });
  console.log(
    `${id} | ${(100 * row.refusedShare).toFixed(1)} | ${(100 * row.used).toFixed(1)} | ${row.ratio.toFixed(2)} | ${row.failed}/${row.lost}`,
  );
}
