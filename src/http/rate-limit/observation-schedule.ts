/**
 * When an answer's rate-limit fields are worth reading. Reading them costs more than the rest
 * of the governor's work per call, and while a quota is comfortable the governor's own count
 * (the last reading minus what it granted since) is exact for this process. So a quota with
 * plenty left is re-read at most once per `intervalMs`; a tight one, an unknown one, or a
 * refusal is always read. So are the first readings of a quota not yet known as a window or a
 * bucket that refills as it goes: two of them may settle it (and only a window's offered burst
 * goes at once), so waiting a second for the second one would pace the start of a run.
 * @module
 */
import type { BucketState } from './rate-limit-store.js';

/** A quota is comfortable above this share of its limit... */
const COMFORTABLE_SHARE = 0.25;
/** ...and above this many requests, so that small quotas are always read. */
const COMFORTABLE_MINIMUM = 20;
/** Readings of a quota of unknown kind taken on every answer before falling back to the interval. */
const KIND_READINGS = 16;

export class ObservationSchedule {
  readonly #comfortableSince = new Map<string, number>();
  /** Readings taken so far of each quota whose kind is still unknown. */
  readonly #kindReadings = new Map<string, number>();

  constructor(private readonly intervalMs: number) {}

  /** Whether the answer to a request on `buckets` should be read. */
  wants(buckets: readonly string[], now: number): boolean {
    if (buckets.length === 0) return true;
    for (const bucket of buckets) {
      const since = this.#comfortableSince.get(bucket);
      if (since === undefined || now - since >= this.intervalMs) return true;
    }
    return false;
  }

  /** Notes the state a reading left `bucket` in. */
  record(bucket: string, state: BucketState, now: number): void {
    const { remaining, limit } = state;
    const kindKnown = state.windowed === true || state.gradual === true;
    const kindReadings = kindKnown ? KIND_READINGS : (this.#kindReadings.get(bucket) ?? 0) + 1;
    if (kindKnown) this.#kindReadings.delete(bucket);
    else this.#kindReadings.set(bucket, kindReadings);
    const comfortable =
      kindReadings >= KIND_READINGS &&
      remaining !== undefined &&
      limit !== undefined &&
      remaining >= COMFORTABLE_MINIMUM &&
      remaining > limit * COMFORTABLE_SHARE;
    if (comfortable) this.#comfortableSince.set(bucket, now);
    else this.#comfortableSince.delete(bucket);
  }
}
