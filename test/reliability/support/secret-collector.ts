/**
 * Everything a suite's code paths emit, collected so that one assertion can say no secret ever
 * left: tool results, errors (message, `String()`, `JSON.stringify()`, the cause chain and every
 * own field), HTTP events and warnings, and `console.*` output.
 * @module
 */
import { vi } from 'vitest';
import { CANARIES } from './canaries.js';

/** One emitted text that holds a secret. */
export interface Leak {
  readonly source: string;
  readonly secret: string;
  readonly excerpt: string;
}

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

/** Every string an object holds, walked without recursion (errors and hostile values nest deeply). */
function stringsOf(value: unknown, limit = 10_000): string[] {
  const found: string[] = [];
  const seen = new WeakSet<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0 && found.length < limit) {
    const current = stack.pop();
    if (typeof current === 'string') found.push(current);
    else if (typeof current === 'number' || typeof current === 'bigint' || typeof current === 'boolean')
      found.push(String(current));
    else if (typeof current === 'object' && current !== null && !seen.has(current)) {
      seen.add(current);
      if (current instanceof Error) {
        found.push(current.message, String(current.stack ?? ''));
        stack.push(current.cause);
      }
      for (const key of Object.getOwnPropertyNames(current)) {
        found.push(key);
        try {
          stack.push((current as Record<string, unknown>)[key]);
        } catch {
          // A getter that throws holds nothing to leak.
        }
      }
    }
  }
  return found;
}

/** The forms of an error a program might print or send: message, String(), JSON, and every field. */
export function renderedForms(value: unknown): string[] {
  const forms = stringsOf(value);
  try {
    forms.push(String(value));
  } catch {
    // An object whose toString throws cannot be printed either.
  }
  try {
    forms.push(JSON.stringify(value) ?? '');
  } catch {
    // Circular or BigInt: the walk above covers its fields.
  }
  return forms;
}

export class SecretCollector {
  readonly #secrets: Set<string>;
  readonly #leaks: Leak[] = [];
  #texts = 0;
  #restoreConsole: (() => void) | undefined;

  /**
   * @param secrets The secrets of the sessions under test from the start; more are added as they
   *   are issued. A canary a session does not hold is only text a model typed, not a secret of it.
   */
  constructor(secrets: readonly string[] = CANARIES) {
    this.#secrets = new Set(secrets);
  }

  /** A secret that must not appear (an emulator-issued key or token, a verification code). */
  addSecret(secret: string | undefined): void {
    if (secret && secret.length >= 6) this.#secrets.add(secret);
  }

  get secrets(): readonly string[] {
    return [...this.#secrets];
  }

  /**
   * Checks what `value` renders to, under `source` (a tool name, `error`, `event`...). Texts are
   * scanned at once and only leaks are kept, so that thousands of calls cost no memory.
   */
  record(source: string, value: unknown): void {
    const forms = [...this.#secrets].flatMap((secret) => [secret, encodeURIComponent(secret)]);
    for (const text of renderedForms(value)) {
      if (!text) continue;
      this.#texts += 1;
      for (const secret of forms) {
        const at = text.indexOf(secret);
        if (at >= 0)
          this.#leaks.push({
            source,
            secret,
            excerpt: text.slice(Math.max(0, at - 60), at + secret.length + 60),
          });
      }
    }
  }

  /** Spies on `console.*` until {@link stopWatchingConsole}; what is printed is recorded. */
  watchConsole(): void {
    const spies = CONSOLE_METHODS.map((method) =>
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        this.record(`console.${method}`, args);
      }),
    );
    this.#restoreConsole = () => {
      for (const spy of spies) spy.mockRestore();
    };
  }

  stopWatchingConsole(): void {
    this.#restoreConsole?.();
    this.#restoreConsole = undefined;
  }

  /** How many texts were checked: a suite asserts it looked at something. */
  get checked(): number {
    return this.#texts;
  }

  /** Every checked text that held a secret (or its URL-encoded form), with where it came from. */
  leaks(): readonly Leak[] {
    return this.#leaks;
  }
}
