/**
 * `bench/results.json`: the machine, the date, and each section's figures. A run of some
 * sections (`--only`) replaces those and keeps the others from the previous run, each with the
 * date it ran.
 * @module
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import type { BenchSection } from '../section.js';

export interface MachineInfo {
  readonly node: string;
  readonly platform: string;
  readonly arch: string;
  readonly cpus: number;
  readonly cpuModel: string;
  readonly memoryGiB: number;
}

export interface BenchResults {
  readonly generatedAt: string;
  readonly machine: MachineInfo;
  /** Wall time of the run that wrote the file. */
  readonly elapsedMs: number;
  readonly sections: readonly BenchSection[];
}

export function machineInfo(): MachineInfo {
  const processors = cpus();
  return {
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    cpus: processors.length,
    cpuModel: processors[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
  };
}

/** The sections of the previous results, or none. */
export function previousSections(file: string): BenchSection[] {
  if (!existsSync(file)) return [];
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<BenchResults>;
    return Array.isArray(parsed.sections) ? [...parsed.sections] : [];
  } catch {
    return [];
  }
}

/** `fresh` sections in place of the previous ones with the same id, in `order`. */
export function mergeSections(
  previous: readonly BenchSection[],
  fresh: readonly BenchSection[],
  order: readonly string[],
): BenchSection[] {
  const byId = new Map(previous.map((section) => [section.id, section]));
  for (const section of fresh) byId.set(section.id, section);
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  return [...byId.values()].sort((a, b) => rank(a.id) - rank(b.id));
}

export function writeResults(file: string, results: BenchResults): void {
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}
