/**
 * Every benchmark section, in the order the table shows them, and how to load each.
 * @module
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchSection } from '../section.js';

export interface SectionEntry {
  readonly id: string;
  readonly title: string;
  /** Why it cannot run on this machine, if it cannot. */
  readonly unavailable?: () => string | undefined;
  readonly load: () => Promise<{ run: () => Promise<BenchSection> }>;
}

const MULTI_PROCESS = fileURLToPath(new URL('../multi-process.ts', import.meta.url));

function redisServerMissing(): string | undefined {
  const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  return probe.error || probe.status !== 0 ? 'redis-server is not installed' : undefined;
}

function multiProcessUnavailable(): string | undefined {
  if (!existsSync(MULTI_PROCESS)) return 'bench/multi-process.ts is not there yet';
  return redisServerMissing();
}

export const SECTIONS: readonly SectionEntry[] = [
  { id: 'tokens', title: 'Tool-definition tokens', load: () => import('../tokens.js') },
  { id: 'discovery', title: 'Discovery', load: () => import('../discovery.js') },
  { id: 'throughput', title: 'Throughput under a quota', load: () => import('../throughput.js') },
  { id: 'polling', title: 'Polling', load: () => import('../polling.js') },
  { id: 'dialects', title: 'Dialects', load: () => import('../dialects.js') },
  { id: 'overhead', title: 'Overhead', load: () => import('../overhead.js') },
  { id: 'imports', title: 'Import cost', load: () => import('../imports.js') },
  { id: 'install', title: 'Install weight', load: () => import('../install.js') },
  {
    id: 'spend',
    title: 'Spend control',
    unavailable: redisServerMissing,
    load: () => import('../spend.js'),
  },
  { id: 'webhooks', title: 'Webhooks', load: () => import('../webhooks.js') },
  { id: 'telemetry', title: 'Telemetry', load: () => import('../telemetry.js') },
  {
    id: 'multi-process',
    title: 'One quota across processes',
    unavailable: multiProcessUnavailable,
    // Written by another part of the work; loaded by address so that its absence breaks nothing.
    load: () => import(pathToFileURL(MULTI_PROCESS).href) as Promise<{ run: () => Promise<BenchSection> }>,
  },
];
