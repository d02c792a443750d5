/**
 * When to poll. Each family starts from the spec's recommendation (images every 5 s, voice
 * every 3 s; video, 3D and training much longer), then adapts: every poll lands just after the
 * latest answer's `eta`, kept between a floor (no tight loop on an eta of 0) and a ceiling;
 * without an eta, polls back off geometrically.
 * @module
 */

/** @inline */
export interface PollSchedule {
  /** First poll when the answer gives no `eta`, in milliseconds. */
  readonly initialDelayMs: number;
  /** Second poll's delay; each later one is `backoffFactor` times the previous. */
  readonly intervalMs: number;
  readonly backoffFactor: number;
  /** Longest delay between polls without an eta. */
  readonly maxIntervalMs: number;
  /** Shortest delay between polls after the first, whatever the eta says (the floor). */
  readonly minIntervalMs: number;
  /** Longest delay an eta may ask for after the first poll (the ceiling). */
  readonly maxEtaMs: number;
  /** Added to `eta` so that the poll comes just after the work is due, not just before. */
  readonly etaMarginMs: number;
}

export type PollCategory = 'image' | 'audio' | 'video' | '3d' | 'training' | 'default';

/** The starting schedules per family. */
export const POLL_SCHEDULES: Readonly<Record<PollCategory, PollSchedule>> = {
  image: {
    initialDelayMs: 5_000,
    intervalMs: 5_000,
    backoffFactor: 1.5,
    maxIntervalMs: 15_000,
    minIntervalMs: 1_000,
    maxEtaMs: 300_000,
    etaMarginMs: 500,
  },
  audio: {
    initialDelayMs: 3_000,
    intervalMs: 3_000,
    backoffFactor: 1.5,
    maxIntervalMs: 10_000,
    minIntervalMs: 1_000,
    maxEtaMs: 300_000,
    etaMarginMs: 500,
  },
  video: {
    initialDelayMs: 15_000,
    intervalMs: 10_000,
    backoffFactor: 1.5,
    maxIntervalMs: 30_000,
    minIntervalMs: 2_000,
    maxEtaMs: 900_000,
    etaMarginMs: 1_000,
  },
  '3d': {
    initialDelayMs: 30_000,
    intervalMs: 15_000,
    backoffFactor: 1.5,
    maxIntervalMs: 60_000,
    minIntervalMs: 5_000,
    maxEtaMs: 1_800_000,
    etaMarginMs: 1_000,
  },
  training: {
    initialDelayMs: 120_000,
    intervalMs: 60_000,
    backoffFactor: 1.5,
    maxIntervalMs: 300_000,
    minIntervalMs: 15_000,
    maxEtaMs: 7_200_000,
    etaMarginMs: 5_000,
  },
  default: {
    initialDelayMs: 5_000,
    intervalMs: 5_000,
    backoffFactor: 1.5,
    maxIntervalMs: 30_000,
    minIntervalMs: 1_000,
    maxEtaMs: 600_000,
    etaMarginMs: 500,
  },
};

/** The schedule of a family (the service's category names, e.g. `image-editing`, map to their kind). */
export function scheduleFor(
  category: string | undefined,
  overrides: Partial<PollSchedule> = {},
): PollSchedule {
  const kind: PollCategory =
    category === undefined
      ? 'default'
      : category.startsWith('image') || category === 'interior' || category === 'faceswap'
        ? 'image'
        : category === 'audio' || category === 'voice'
          ? 'audio'
          : category in POLL_SCHEDULES
            ? (category as PollCategory)
            : 'default';
  // The family's own schedule is shared, not copied: every waiting job holds its schedule.
  for (const _key in overrides) return { ...POLL_SCHEDULES[kind], ...overrides };
  return POLL_SCHEDULES[kind];
}

/**
 * Milliseconds until the next poll. `polls` is how many fetches were already made; `etaMs` the
 * latest answer's estimate. Every poll follows the latest `eta` when there is one (the first
 * exactly, later ones within the floor and the ceiling); without one, polls back off.
 */
export function nextPollDelay(schedule: PollSchedule, polls: number, etaMs: number | undefined): number {
  const eta = etaMs === undefined ? undefined : etaMs + schedule.etaMarginMs;
  if (polls === 0) return eta ?? schedule.initialDelayMs;
  if (eta !== undefined) return Math.min(schedule.maxEtaMs, Math.max(schedule.minIntervalMs, eta));
  return Math.min(schedule.maxIntervalMs, schedule.intervalMs * schedule.backoffFactor ** (polls - 1));
}
