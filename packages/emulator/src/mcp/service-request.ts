/** Where the arguments of a tool call go in the HTTP request to the service. */
export interface ServiceRequestOptions {
  readonly origin: string;
  readonly method: string;
  /** The operation's path, with `{name}` parameters. */
  readonly pathTemplate: string;
  /** Path parameters, query parameters and body fields, by name. */
  readonly params: Readonly<Record<string, unknown>>;
  /** Parameters that go in the query even on a method with a body. */
  readonly queryNames?: ReadonlySet<string>;
  readonly authorization: string | undefined;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

export type ServiceRequestResult =
  | { readonly ok: true; readonly request: Request }
  | { readonly ok: false; readonly message: string };

const METHODS_WITHOUT_BODY = new Set(['GET', 'HEAD', 'DELETE']);

function pathValue(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string' || value === '') return undefined;
  // `..` would climb out of the operation's path once the URL is normalised.
  if (value === '.' || value === '..') return undefined;
  return value;
}

function appendQuery(search: URLSearchParams, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendQuery(search, name, item);
    return;
  }
  search.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/**
 * Builds the request an operation takes from one flat object of arguments: path parameters are
 * substituted (encoded), the rest goes to the query on GET and DELETE and to a JSON body otherwise.
 * Refuses, with a message for the model, when a path parameter is missing.
 */
export function buildServiceRequest(options: ServiceRequestOptions): ServiceRequestResult {
  const remaining: Record<string, unknown> = { ...options.params };
  const missing: string[] = [];
  const path = options.pathTemplate.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = pathValue(remaining[name]);
    delete remaining[name];
    if (value === undefined) missing.push(name);
    return encodeURIComponent(value ?? '');
  });
  if (missing.length > 0) {
    return {
      ok: false,
      message: `Missing ${missing.map((name) => `\`${name}\``).join(', ')}: ${options.method} ${options.pathTemplate} needs ${missing.length > 1 ? 'them' : 'it'} as a non-empty string.`,
    };
  }

  const url = new URL(path, options.origin);
  const carriesBody = !METHODS_WITHOUT_BODY.has(options.method.toUpperCase());
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(remaining)) {
    if (value === undefined) continue;
    if (!carriesBody || options.queryNames?.has(name)) appendQuery(url.searchParams, name, value);
    else body[name] = value;
  }

  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  if (options.authorization) headers.set('Authorization', options.authorization);
  if (carriesBody) headers.set('Content-Type', 'application/json');
  const request = new Request(url, {
    method: options.method,
    headers,
    body: carriesBody ? JSON.stringify(body) : null,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { ok: true, request };
}
