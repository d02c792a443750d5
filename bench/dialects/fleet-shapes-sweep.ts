/**
 * The fleet rows over other fleet shapes than the bench's (four even processes, 1 s jobs): two
 * and three processes, callers split unevenly (30/10/10), a member joining 3 s late, jobs of
 * 700 ms and 2.5 s. Targets as the bench's, compared with the same shape run alone (a late
 * member lengthens the least time the server's count allows; the ratio does not know it).
 *
 * Run: node --import tsx bench/dialects/fleet-shapes-sweep.ts <two|three|uneven|late|short|long> hubspot sliding-log
 * @module
 */
import { measureFleet } from './fleet-runs.js';

/** Servers named after the shape (every fleet server when none). */
const named = process.argv.slice(3);
const ids = named.length > 0 ? named : undefined;
const shapes: Record<string, Parameters<typeof measureFleet>[0]> = {
  two: { jobs: 200, callers: 50, jobMs: 1_000, members: 2 },
  three: { jobs: 200, callers: 50, jobMs: 1_000, members: 3 },
  uneven: { jobs: 200, callers: 50, jobMs: 1_000, members: 3, callersOf: [30, 10, 10] },
  late: { jobs: 200, callers: 50, jobMs: 1_000, members: 4, joinAtMs: [0, 0, 0, 3_000] },
  short: { jobs: 200, callers: 50, jobMs: 700 },
  long: { jobs: 200, callers: 50, jobMs: 2_500 },
};
const name = process.argv[2] ?? 'two';
const shape = shapes[name];
if (shape === undefined) throw new Error(`No shape ${name}: one of ${Object.keys(shapes).join(', ')}`);
for (const row of await measureFleet(shape, ids)) {
  console.log(
    `${name} ${row.id}: ${(100 * row.refusedShare).toFixed(2)} % refused, ${(100 * row.used).toFixed(2)} % used, ${row.ratio.toFixed(4)}x, ${row.failed}/${row.lost}`,
  );
}
// The fleet's Redis connections and undici's pools are closed; exit rather than wait on timers.
process.exit(0);
