/**
 * Masks secrets before any text leaves the HTTP core: error messages, events and log lines.
 * Two layers: the exact values the client knows to be secret (keys and tokens it was given or
 * received), and well-known shapes (Authorization values, secret JSON fields and query
 * parameters, the service's `gat_` / `gk_` credential strings) for secrets it was never told about.
 * @module
 */

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
const JSON_FIELD = new RegExp(`("(?:${FIELD_NAMES})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
/** `"code":"482913"` is a verification code; `"code":"validation_error"` is not (no digit). */
const JSON_CODE_FIELD = /("code"\s*:\s*)"([^"\\]*\d[^"\\]*)"/gi;
const QUERY_PARAMETER = new RegExp(`([?&;](?:${FIELD_NAMES}|code)=)[^&#\\s"']*`, 'gi');
const AUTHORIZATION_VALUE = /\b(Bearer|Basic|Token|Digest)\s+[A-Za-z0-9\-._~+/]{6,}=*/gi;
const CREDENTIAL_SHAPE = /\b(gat|gk|rst)_[A-Za-z0-9_-]{16,}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether a field of this name holds a secret (`key`, `password`, `access_token`...). */
export function isSecretField(name: string): boolean {
  const normalized = name.toLowerCase();
  return SECRET_FIELDS.includes(normalized) || SECRET_FIELDS.includes(normalized.replace(/-/g, '_'));
}

/** Masks registered secret values and well-known secret shapes in strings and objects. */
export class Redactor {
  readonly #secrets = new Set<string>();
  #secretPattern: RegExp | undefined;
  /** Short strings already masked (URLs repeat on every call); emptied when a secret is added. */
  readonly #cache = new Map<string, string>();

  /** Registers a value that must never appear in output (with its URL-encoded form). */
  addSecret(value: string | null | undefined): void {
    if (!value || value.length < MIN_SECRET_LENGTH || this.#secrets.has(value)) return;
    this.#secrets.add(value);
    this.#secrets.add(encodeURIComponent(value));
    // Longest first, so that a secret containing another is masked whole.
    const alternatives = [...this.#secrets].sort((a, b) => b.length - a.length).map(escapeRegExp);
    this.#secretPattern = new RegExp(alternatives.join('|'), 'g');
    this.#cache.clear();
  }

  /** `text` with every secret masked. */
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

  #mask(text: string): string {
    let result = this.#secretPattern ? text.replace(this.#secretPattern, REDACTED) : text;
    result = result
      .replace(AUTHORIZATION_VALUE, `$1 ${REDACTED}`)
      .replace(JSON_FIELD, `$1"${REDACTED}"`)
      .replace(JSON_CODE_FIELD, `$1"${REDACTED}"`)
      .replace(QUERY_PARAMETER, `$1${REDACTED}`)
      .replace(CREDENTIAL_SHAPE, `$1_${REDACTED}`);
    return result;
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
