/**
 * The dialect section's fleet rows alone (four governors sharing one quota through a real
 * Redis), for working on the fleet without the rest of the section. `GENTK_FLEET_SERVERS` picks
 * servers by id (comma-separated: `openai,sliding-log`); `GENTK_FLEET_REPEAT` runs each that many
 * times, to see how much the figures move from run to run.
 *
 * Run: npx tsx bench/dialects/fleet.ts
 * @module
 */
import { FLEET_SERVERS, measureFleet } from './fleet-runs.js';

const ids = process.env.GENTK_FLEET_SERVERS?.split(',').filter(Boolean) ?? FLEET_SERVERS;
const repeat = Math.max(1, Number(process.env.GENTK_FLEET_REPEAT ?? 1));

console.log('server | refused % | quota used % | wall ÷ least | failed/lost');
for (let round = 0; round < repeat; round += 1) {
  for (const row of await measureFleet({ jobs: 200, callers: 50, jobMs: 1_000 }, ids)) {
    console.log(
      `${row.id} | ${(100 * row.refusedShare).toFixed(1)} | ${(100 * row.used).toFixed(1)} | ${row.ratio.toFixed(2)} | ${row.failed}/${row.lost}`,
    );
  }
}
