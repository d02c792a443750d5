/**
 * Webhook tracks in this process's memory: the default, for a receiver in the process that waits.
 * @module
 */
import type { WebhookStore, WebhookTrack } from './webhook-store.js';

/**
 * Settings of a {@link MemoryWebhookStore}.
 *
 * @example
 * // Expiry on a clock of your own (a test's), instead of the wall clock.
 * let now = Date.UTC(2026, 0, 1);
 * const store = new MemoryWebhookStore({ now: () => now });
 * now += 60_000;
 */
export interface MemoryWebhookStoreOptions {
  /** Milliseconds since the epoch, for expiry. @default Date.now */
  readonly now?: () => number;
}

interface Kept<T> {
  value: T;
  readonly expiresAt: number;
}

/** How often, at most, expired tracks are swept out (otherwise a lookup drops what it finds expired). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Tracks in a Map, each dropped when its time is up.
 *
 * @example
 * ```ts
 * import { createWebhookReceiver, MemoryWebhookStore, type Session } from 'generation-agent-toolkit';
 *
 * declare const session: Session;
 * const receiver = createWebhookReceiver(session, {
 *   publicUrl: 'https://agent.example.com/webhooks',
 *   store: new MemoryWebhookStore(),
 * });
 * ```
 */
export class MemoryWebhookStore implements WebhookStore {
  readonly #now: () => number;
  readonly #tracks = new Map<string, Kept<WebhookTrack>>();
  readonly #jobs = new Map<string, Kept<string>>();
  readonly #listeners = new Set<(trackId: string) => void>();
  #sweptAt: number;

  constructor(options: MemoryWebhookStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#sweptAt = this.#now();
  }

  /** How many tracks are kept (expired ones included until the next sweep). */
  get size(): number {
    return this.#tracks.size;
  }

  async open(track: WebhookTrack, ttlMs: number): Promise<void> {
    this.#sweep();
    this.#tracks.set(track.trackId, { value: track, expiresAt: this.#now() + ttlMs });
  }

  async get(trackId: string): Promise<WebhookTrack | undefined> {
    return this.#live(this.#tracks, trackId);
  }

  async bind(trackId: string, requestId: string, ttlMs: number): Promise<void> {
    const kept = this.#tracks.get(trackId);
    const track = this.#live(this.#tracks, trackId);
    if (!kept || !track || track.requestId !== undefined) return;
    kept.value = { ...track, requestId };
    this.#jobs.set(jobKey(track.owner, requestId), { value: trackId, expiresAt: this.#now() + ttlMs });
  }

  async deliver(trackId: string, delivery: string): Promise<'accepted' | 'ignored'> {
    const kept = this.#tracks.get(trackId);
    const track = this.#live(this.#tracks, trackId);
    if (!kept || track?.state !== 'waiting') return 'ignored';
    kept.value = { ...track, state: 'delivered', delivery };
    for (const listener of this.#listeners) listener(trackId);
    return 'accepted';
  }

  async settle(trackId: string): Promise<void> {
    const kept = this.#tracks.get(trackId);
    const track = this.#live(this.#tracks, trackId);
    if (kept && track?.state === 'waiting') kept.value = { ...track, state: 'settled' };
  }

  async takeDelivery(trackId: string): Promise<void> {
    const kept = this.#tracks.get(trackId);
    const track = this.#live(this.#tracks, trackId);
    if (!kept || !track || track.state === 'waiting') return;
    const { delivery: _taken, ...rest } = track;
    kept.value = { ...rest, state: 'settled' };
  }

  async trackOf(owner: string, requestId: string): Promise<string | undefined> {
    return this.#live(this.#jobs, jobKey(owner, requestId));
  }

  subscribe(listener: (trackId: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #live<T>(map: Map<string, Kept<T>>, key: string): T | undefined {
    const kept = map.get(key);
    if (!kept) return undefined;
    if (kept.expiresAt > this.#now()) return kept.value;
    map.delete(key);
    return undefined;
  }

  #sweep(): void {
    const now = this.#now();
    if (now - this.#sweptAt < SWEEP_EVERY_MS) return;
    this.#sweptAt = now;
    for (const map of [this.#tracks, this.#jobs] as Map<string, Kept<unknown>>[]) {
      for (const [key, kept] of map) if (kept.expiresAt <= now) map.delete(key);
    }
  }
}

function jobKey(owner: string, requestId: string): string {
  return `${owner}\n${requestId}`;
}
