import type { GenerationOperation } from '../catalogue/types.js';
import type { ResolvedEmulatorOptions, ServiceDuration } from '../options.js';

/** The service-time duration of an operation's jobs: its own setting, else its category's. */
export function jobDuration(
  options: ResolvedEmulatorOptions,
  operation: GenerationOperation,
): ServiceDuration | undefined {
  return options.jobDurations[operation.operationId] ?? options.jobDurations[operation.category];
}

const trim = (value: number) => String(Number(value.toFixed(1)));

/** `[4, 12]` -> "4-12 seconds"; `[300, 900]` -> "5-15 minutes": minutes once even the shortest job is one. */
export function formatDuration(duration: ServiceDuration): string {
  const [min, max] = typeof duration === 'number' ? [duration, duration] : duration;
  const [scale, unit] = min >= 60 ? [60, 'minutes'] : [1, 'seconds'];
  const range = min === max ? trim(min / scale) : `${trim(min / scale)}-${trim(max / scale)}`;
  return `${range} ${unit}`;
}
