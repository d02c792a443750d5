/**
 * Where webhook tracks live between the submission, the delivery and the wait: in memory for one
 * process, or in a store shared by a fleet (Redis), so that the process receiving a delivery may
 * differ from the one waiting or the one resuming.
 * @module
 */

/** `waiting` for a delivery; `delivered` holds the final answer; `settled`: the job ended otherwise. */
export type WebhookTrackState = 'waiting' | 'delivered' | 'settled';

/** One job's webhook: who opened it, how its deliveries are recognised, and what arrived. */
export interface WebhookTrack {
  /** Random, unguessable; sent as `track_id` and in the callback URL. */
  readonly trackId: string;
  /** A fingerprint of the service and the generation key that opened it (never the key). */
  readonly owner: string;
  /** SHA-256 of the track's capability, hex: the store never holds the capability itself. */
  readonly capabilityDigest: string;
  /** The job the service queued on this track, once the submission answered. */
  readonly requestId?: string;
  readonly state: WebhookTrackState;
  /** The delivered final answer, as JSON text. */
  readonly delivery?: string;
}

/**
 * The store of webhook tracks. Implement it to share tracks through another database; the two
 * built in are {@link MemoryWebhookStore} and {@link RedisWebhookStore}.
 */
export interface WebhookStore {
  /** Records a new track in state `waiting`, kept for `ttlMs`. */
  open(track: WebhookTrack, ttlMs: number): Promise<void>;
  /** The track, or undefined when it is unknown or expired. */
  get(trackId: string): Promise<WebhookTrack | undefined>;
  /** Names the job of a track (once) and indexes the track by its owner and that job. */
  bind(trackId: string, requestId: string, ttlMs: number): Promise<void>;
  /**
   * Keeps `delivery` when the track still waits: `accepted` then; `ignored` when the track is
   * unknown, already delivered, or settled. Atomic: of two deliveries at once, one is accepted.
   */
  deliver(trackId: string, delivery: string): Promise<'accepted' | 'ignored'>;
  /** Marks a waiting track settled (its job ended by a poll or at once): later deliveries are ignored. */
  settle(trackId: string): Promise<void>;
  /**
   * Forgets the delivered answer of a track whose waiting call took it (the job ended): the track
   * stays, settled, so later deliveries are still acknowledged and ignored, but a 1 MB answer is
   * not kept for the track's whole TTL. Optional: without it, a delivery lives as long as its track.
   */
  readonly takeDelivery?: ((trackId: string) => Promise<void>) | undefined;
  /** The track of `owner`'s job `requestId`, when one was bound. */
  trackOf(owner: string, requestId: string): Promise<string | undefined>;
  /**
   * Calls `listener` with the track id of every accepted delivery, in any process sharing the
   * store; returns the way to stop. Optional: without it, a waiting process finds a delivery
   * another process received when it next looks in the store (before each fallback poll).
   */
  readonly subscribe?: ((listener: (trackId: string) => void) => () => void) | undefined;
}
