/**
 * The error of an emulator function called in a way it does not support.
 * @module
 */
import { markAsToolkitError } from './family-marker.js';

/**
 * The emulator was called in a way it does not support: a non-loopback host without
 * `allowNonLoopback`, a port out of range, a clock moved backwards, an account created twice.
 * The message says what to change. Its `code` is the toolkit's `invalid_usage`.
 *
 * @example
 * await startEmulator({ port: 70000 });
 * // UsageError: port must be 0-65535, not 70000
 */
export class UsageError extends Error {
  readonly code = 'invalid_usage';
  readonly retryable = false;

  /** @internal Made by the emulator; callers read its fields. */
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
    markAsToolkitError(this, ['UsageError']);
  }

  /** A plain object for logs: name, code, message, retryable. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, code: this.code, message: this.message, retryable: this.retryable };
  }
}
