import { type PublishedText, publishText } from './published-document.js';

/**
 * Built documents by origin. Documents embed absolute URLs, so each origin a client uses gets its
 * own copy, built on first request; the number of origins kept is bounded because the Host field
 * is the client's to choose.
 */
export class DocumentCache {
  readonly #entries = new Map<string, PublishedText>();

  constructor(private readonly maxEntries = 256) {}

  /** The document `name` for `origin`, built by `build` the first time. */
  get(origin: string, name: string, build: () => string): PublishedText {
    const key = `${origin} ${name}`;
    const cached = this.#entries.get(key);
    if (cached) return cached;
    const published = publishText(build());
    if (this.#entries.size >= this.maxEntries) {
      // Map keeps insertion order: the first key is the oldest entry.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, published);
    return published;
  }
}
