/**
 * `WWW-Authenticate` (RFC 9110 section 11.6.1): one or more challenges, each an auth-scheme
 * followed by a token68 or by comma-separated auth-params whose values are tokens or quoted
 * strings. The field is not a Structured Field, so it has its own small scanner. Total: a
 * malformed tail ends the scan and keeps the challenges read so far.
 * @module
 */

/** One challenge: `Bearer realm="api", error="insufficient_scope", scope="wallet:write"`. */
export interface AuthChallenge {
  /** The auth-scheme, lower-cased (schemes are case-insensitive). */
  readonly scheme: string;
  /** Auth-params by lower-cased name; the first occurrence of a name wins. */
  readonly params: Readonly<Record<string, string>>;
  readonly token68?: string;
}

const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*/;

class Scanner {
  position = 0;
  constructor(readonly text: string) {}

  get done(): boolean {
    return this.position >= this.text.length;
  }

  peek(): string | undefined {
    return this.text[this.position];
  }

  skipWhitespace(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.position += 1;
  }

  token(): string | undefined {
    const start = this.position;
    while (!this.done && TCHAR.test(this.text[this.position]!)) this.position += 1;
    return this.position > start ? this.text.slice(start, this.position) : undefined;
  }

  quotedString(): string | undefined {
    if (this.peek() !== '"') return undefined;
    this.position += 1;
    let value = '';
    while (!this.done) {
      const char = this.text[this.position]!;
      this.position += 1;
      if (char === '"') return value;
      if (char === '\\') {
        if (this.done) return undefined;
        value += this.text[this.position];
        this.position += 1;
      } else {
        value += char;
      }
    }
    return undefined; // unterminated
  }

  /** A token68 that stands alone (followed by the end or a comma), else nothing is consumed. */
  token68(): string | undefined {
    const match = TOKEN68.exec(this.text.slice(this.position));
    if (!match) return undefined;
    const after = this.text.slice(this.position + match[0].length).trimStart();
    if (after !== '' && !after.startsWith(',')) return undefined;
    this.position += match[0].length;
    return match[0];
  }

  /** `name = value`, or undefined (and nothing consumed) when the next thing is not an auth-param. */
  authParam(): [string, string] | undefined {
    const start = this.position;
    const name = this.token();
    this.skipWhitespace();
    if (!name || this.peek() !== '=') {
      this.position = start;
      return undefined;
    }
    this.position += 1;
    this.skipWhitespace();
    const value = this.peek() === '"' ? this.quotedString() : this.token();
    if (value === undefined) {
      this.position = start;
      return undefined;
    }
    return [name.toLowerCase(), value];
  }

  skipSeparators(): void {
    while (this.peek() === ',' || this.peek() === ' ' || this.peek() === '\t') this.position += 1;
  }
}

function readChallenge(scanner: Scanner): AuthChallenge | undefined {
  const scheme = scanner.token();
  if (!scheme) return undefined;
  const params: Record<string, string> = {};
  scanner.skipWhitespace();
  const token68 = scanner.token68();
  if (token68 !== undefined) return { scheme: scheme.toLowerCase(), params, token68 };
  for (;;) {
    const param = scanner.authParam();
    if (!param) break;
    if (!(param[0] in params)) params[param[0]] = param[1];
    scanner.skipWhitespace();
    if (scanner.peek() !== ',') break;
    const beforeComma = scanner.position;
    scanner.skipSeparators();
    // After a comma comes another auth-param or the next challenge's scheme.
    const probe = scanner.position;
    if (!scanner.authParam()) {
      scanner.position = beforeComma;
      break;
    }
    scanner.position = probe;
  }
  return { scheme: scheme.toLowerCase(), params };
}

/** Every challenge of one or more `WWW-Authenticate` field values. Never throws. */
export function parseWwwAuthenticate(value: string | null | undefined): AuthChallenge[] {
  if (!value) return [];
  const scanner = new Scanner(value);
  const challenges: AuthChallenge[] = [];
  for (;;) {
    scanner.skipSeparators();
    if (scanner.done) break;
    const challenge = readChallenge(scanner);
    if (!challenge) break;
    challenges.push(challenge);
    scanner.skipWhitespace();
    if (!scanner.done && scanner.peek() !== ',') break; // garbage after a challenge
  }
  return challenges;
}

/**
 * The scope named by an `error="insufficient_scope"` challenge (RFC 6750 section 3.1), or
 * undefined. A space-separated list of scopes is returned as sent.
 */
export function requiredScopeFromChallenges(challenges: readonly AuthChallenge[]): string | undefined {
  const challenge = challenges.find((candidate) => candidate.params.error === 'insufficient_scope');
  return challenge?.params.scope;
}
