/**
 * Masks secrets before any text leaves the HTTP core: error messages, events and log lines.
 * Two layers: the exact values the client knows to be secret (keys and tokens it was given or
 * received), and well-known shapes (Authorization values, secret JSON fields and query
 * parameters, the service's `gat_` / `gk_` credential strings) for secrets it was never told about.
 *
 * Every text given here may come from a hostile service, so both layers run in time linear in
 * its length: the exact values through one automaton (see `secret-matcher.ts`), the shapes
 * through expressions without ambiguous repetition. And memory stays bounded: the session's own
 * secrets are kept for its life, values learned from answers only the most recent few hundred.
 * @module
 */

import { maskCapabilities as maskCapabilityShapes } from './capability-shape.js';
import { mapStrings } from './map-strings.js';
import { RecentSecrets } from './recent-secrets.js';
import { SecretMatcher } from './secret-matcher.js';
import { StreamMasker } from './stream-masker.js';

/**
 * What begins every webhook capability the toolkit makes (`gwh_` and 43 characters of base64url):
 * the capability is a secret of the session, and masked by its shape wherever it shows. Each job
 * has its own, and a session makes thousands: kept as values, the oldest would be forgotten (the
 * learned secrets are bounded) and a finished job's callback URL would show again.
 */
export { CAPABILITY_PREFIX } from './capability-shape.js';

/** What a masked secret is replaced with. */
export const REDACTED = '[REDACTED]';

/** Deepest nesting `redactValue` copies; deeper parts are replaced by a note. */
const MAX_COPY_DEPTH = 64;

/** Secrets shorter than this are not registered: masking them would mangle ordinary text. */
const MIN_SECRET_LENGTH = 6;

const SECRET_FIELDS = [
  'key',
  'password',
  'token',
  'access_token',
  'refresh_token',
  'api_key',
  'apikey',
  'client_secret',
  'verification_code',
  'secret',
  'authorization',
  'x-api-key',
];

const FIELD_NAMES = SECRET_FIELDS.map((name) => name.replace(/[-_]/g, '[-_]?')).join('|');
// The string's body is one class or one escape at a time: no two ways to read the same text.
const JSON_FIELD = new RegExp(`("(?:${FIELD_NAMES})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
/**
 * `"code":"482913"` is a verification code; `"code":"validation_error"` is not (no digit). The
 * digit is looked for afterwards: `[^"]*\d[^"]*` reads a long string of digits in quadratic time.
 */
const JSON_CODE_FIELD = /("code"\s*:\s*)"([^"\\]*)"/gi;
const QUERY_PARAMETER = new RegExp(`([?&;](?:${FIELD_NAMES}|code)=)[^&#\\s"']*`, 'gi');
const AUTHORIZATION_VALUE = /\b(Bearer|Basic|Token|Digest)\s+[A-Za-z0-9\-._~+/]{6,}=*/gi;
const CREDENTIAL_SHAPE = /\b(gat|gk|rst)_[A-Za-z0-9_-]{16,}/g;

/** `text` with every webhook capability masked (see capability-shape.ts). */
function maskCapabilities(text: string): string {
  return maskCapabilityShapes(text, REDACTED);
}
const DIGIT = /\d/;

/**
 * Whether a field of this name holds a secret (`key`, `password`, `access_token`...): a field to
 * show as {@link REDACTED}.
 *
 * @example
 * isSecretField('password'); // true
 * isSecretField('prompt'); // false
 */
export function isSecretField(name: string): boolean {
  const normalized = name.toLowerCase();
  return SECRET_FIELDS.includes(normalized) || SECRET_FIELDS.includes(normalized.replace(/-/g, '_'));
}

export interface RedactorOptions {
  /**
   * Secrets learned from answers (`learnSecret`) kept for masking, the most recently seen. The
   * session's own secrets (`addSecret`) are always kept.
   * @default 512
   */
  readonly maxLearnedSecrets?: number;
  /**
   * Total characters of the learned secrets kept, URL-encoded forms included.
   * @default 131072
   */
  readonly maxLearnedChars?: number;
}

/** The forms of a secret that are masked: as given, and URL-encoded. */
function formsOf(value: string): string[] {
  const encoded = encodeURIComponent(value);
  return encoded === value ? [value] : [value, encoded];
}

/**
 * Masks registered secret values and well-known secret shapes in strings and objects.
 *
 * @example
 * const redactor = new Redactor();
 * redactor.addSecret(process.env.GENTK_API_KEY);
 * console.log(redactor.redact(`calling with ${process.env.GENTK_API_KEY}`)); // calling with [REDACTED]
 */
export class Redactor {
  /** The session's own secrets: its key, tokens, password, codes. Kept for its life. */
  readonly #own = new Set<string>();
  readonly #learned: RecentSecrets;
  /** Built at the first use after the secrets changed. */
  #matcher: SecretMatcher | undefined;
  /** Short strings already masked (URLs repeat on every call); emptied when the secrets change. */
  readonly #cache = new Map<string, string>();

  constructor(options: RedactorOptions = {}) {
    this.#learned = new RecentSecrets(options.maxLearnedSecrets ?? 512, options.maxLearnedChars ?? 131_072);
  }

  /**
   * Registers one of the session's own secrets (a key, token, password or code it holds): it is
   * masked, with its URL-encoded form, for as long as the redactor lives.
   */
  addSecret(value: string | null | undefined): void {
    if (!value || value.length < MIN_SECRET_LENGTH || this.#own.has(value)) return;
    this.#own.add(value);
    this.#learned.delete(value);
    this.#changed();
  }

  /**
   * Registers a secret learned from an answer (a field named like a secret). Only the most
   * recently seen are kept (see {@link RedactorOptions}): a service cannot make the redactor
   * hold without bound.
   */
  learnSecret(value: string | null | undefined): void {
    if (!value || value.length < MIN_SECRET_LENGTH || this.#own.has(value)) return;
    const cost = formsOf(value).reduce((total, form) => total + form.length, 0);
    if (this.#learned.add(value, cost)) this.#changed();
  }

  /** How many secrets are kept: the session's own, and those learned from answers. */
  get secretCounts(): { readonly own: number; readonly learned: number } {
    return { own: this.#own.size, learned: this.#learned.size };
  }

  #changed(): void {
    this.#matcher = undefined;
    this.#cache.clear();
  }

  #known(): SecretMatcher {
    this.#matcher ??= new SecretMatcher(
      [...this.#own, ...this.#learned.values()].flatMap((value) => formsOf(value)),
    );
    return this.#matcher;
  }

  /** `text` with every secret masked: known values and well-known shapes. */
  redact(text: string): string {
    const cacheable = text.length <= 2048;
    const cached = cacheable ? this.#cache.get(text) : undefined;
    if (cached !== undefined) return cached;
    const result = this.#mask(text);
    if (cacheable) {
      if (this.#cache.size >= 256) this.#cache.clear();
      this.#cache.set(text, result);
    }
    return result;
  }

  /** `text` with the known secret values (and webhook capabilities) masked, and nothing else changed. */
  maskKnown(text: string): string {
    return maskCapabilities(this.#known().mask(text, REDACTED));
  }

  /**
   * A masker of the known secret values for text that arrives in pieces (a chat's stream): it
   * holds back the last characters of each piece until they cannot begin a secret.
   *
   * @example
   * const masker = redactor.streamMasker();
   * for await (const delta of deltas) emit(masker.push(delta));
   * emit(masker.end());
   */
  streamMasker(): StreamMasker {
    return new StreamMasker(() => this.#known(), REDACTED);
  }

  /** Whether `text` holds one of the known secret values. */
  containsKnown(text: string): boolean {
    return this.#known().contains(text) || maskCapabilities(text) !== text;
  }

  /**
   * `value` with the known secret values masked in every string, property names included, and
   * nothing else changed: for results, where a field named `code` or `token` is data. Parts with
   * nothing to mask are not copied (a value without secrets comes back as itself).
   *
   * @example
   * redactor.addSecret(apiKey);
   * const safe = redactor.maskKnownValue({ note: `your key is ${apiKey}` }); // { note: 'your key is [REDACTED]' }
   */
  maskKnownValue<T>(value: T): T {
    const matcher = this.#known();
    return mapStrings(value, (text) => maskCapabilities(matcher.empty ? text : matcher.mask(text, REDACTED)));
  }

  #mask(text: string): string {
    return this.maskKnown(text)
      .replace(AUTHORIZATION_VALUE, `$1 ${REDACTED}`)
      .replace(JSON_FIELD, `$1"${REDACTED}"`)
      .replace(JSON_CODE_FIELD, (whole, name: string, value: string) =>
        DIGIT.test(value) ? `${name}"${REDACTED}"` : whole,
      )
      .replace(QUERY_PARAMETER, `$1${REDACTED}`)
      .replace(CREDENTIAL_SHAPE, `$1_${REDACTED}`);
  }

  /**
   * A deep copy of `value` with secret fields and secret-bearing strings masked. Nesting deeper
   * than 64 levels is cut: a hostile body nested thousands deep must not exhaust the stack.
   */
  redactValue<T>(value: T): T {
    return this.#copy(value, new WeakSet(), 0) as T;
  }

  #copy(value: unknown, seen: WeakSet<object>, depth: number): unknown {
    if (typeof value === 'string') return this.redact(value);
    if (typeof value !== 'object' || value === null) return value;
    if (value instanceof Date) return value;
    if (seen.has(value)) return '[Circular]';
    if (depth >= MAX_COPY_DEPTH) return '[Nested too deeply]';
    seen.add(value);
    if (Array.isArray(value)) return value.map((item) => this.#copy(item, seen, depth + 1));
    const copy: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(value)) {
      const maskCode = name.toLowerCase() === 'code' && typeof field === 'string' && /\d/.test(field);
      copy[name] =
        (isSecretField(name) && field !== null && field !== undefined) || maskCode
          ? REDACTED
          : this.#copy(field, seen, depth + 1);
    }
    return copy;
  }
}
