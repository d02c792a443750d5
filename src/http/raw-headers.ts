/**
 * Response fields without the cost of a WHATWG `Headers` per response.
 * @module
 */

/**
 * Fields as undici hands them over (names lower-cased), read without building a `Headers`,
 * which costs more than the rest of the response handling; `toHeaders()` builds one on demand.
 */
export class RawHeaders {
  constructor(private readonly raw: Readonly<Record<string, string | string[] | undefined>>) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** The fields' names, lower-cased. */
  keys(): Iterable<string> {
    return Object.keys(this.raw);
  }

  toHeaders(): Headers {
    const headers = new Headers();
    for (const [name, value] of Object.entries(this.raw)) {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else if (value !== undefined) headers.append(name, value);
    }
    return headers;
  }
}

/** `headers` as a WHATWG `Headers`. */
export function toWebHeaders(headers: Headers | RawHeaders): Headers {
  return headers instanceof RawHeaders ? headers.toHeaders() : headers;
}
