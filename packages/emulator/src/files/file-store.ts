import { randomUUID } from 'node:crypto';
import type { EmulatorClock } from '../clock.js';
import { MEDIA_TYPES, type MediaFormat } from './media.js';

export interface StoredFile {
  readonly path: string;
  readonly mediaType: string;
  readonly bytes: Uint8Array;
  /** Clock time after which the URL answers 410 Gone; null for files that do not expire. */
  readonly expiresAt: number | null;
  /** Clock time before which the URL answers 404 (a future link of a queued job). */
  readonly availableAt: number;
}

/** Files the emulator serves under `/cdn/`: generation results and uploads. */
export class FileStore {
  readonly #files = new Map<string, StoredFile>();

  constructor(private readonly clock: EmulatorClock) {}

  put(input: {
    folder: 'generations' | 'uploads' | 'invoices';
    format: MediaFormat;
    bytes: Uint8Array;
    expiresAt: number | null;
    availableAt?: number;
    mediaType?: string;
  }): StoredFile {
    const path = `/cdn/${input.folder}/${randomUUID()}.${input.format}`;
    const file: StoredFile = {
      path,
      mediaType: input.mediaType ?? MEDIA_TYPES[input.format],
      bytes: input.bytes,
      expiresAt: input.expiresAt,
      availableAt: input.availableAt ?? this.clock.now(),
    };
    this.#files.set(path, file);
    return file;
  }

  /** The file at `path`, `'expired'` once its lifetime is over, or undefined (also before it exists). */
  get(path: string): StoredFile | 'expired' | undefined {
    const file = this.#files.get(path);
    if (!file || file.availableAt > this.clock.now()) return undefined;
    if (file.expiresAt !== null && file.expiresAt <= this.clock.now()) return 'expired';
    return file;
  }
}
