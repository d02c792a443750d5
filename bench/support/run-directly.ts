/**
 * Lets each benchmark module run on its own (`npx tsx bench/<x>.ts`) and print its table.
 * @module
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchSection } from '../section.js';
import { formatTextTable } from './format-table.js';

/** Whether the module at `moduleUrl` is the script node was started with. */
export function isMainModule(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && resolve(script) === fileURLToPath(moduleUrl);
}

/** Runs `run` and prints its table when the module at `moduleUrl` was started directly. */
export async function runDirectly(moduleUrl: string, run: () => Promise<BenchSection>): Promise<void> {
  if (!isMainModule(moduleUrl)) return;
  const started = performance.now();
  const section = await run();
  console.log(formatTextTable([section]));
  console.log(`\n${section.title}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
