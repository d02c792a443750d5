/**
 * The emulator's own judgement of a request, applied to a request captured off the wire: the
 * route it reaches (route index), the credential it carries, and the input checks its handlers
 * run (the catalogue's request schemas, the same coercions, the same JSON body rules). A request
 * this refuses is one the service would answer 400, 404, 405, 413, 415 or 422: it must never be
 * sent. Independent of the toolkit's validator, which reads the published documents instead.
 * @module
 */

import {
  generationBodySchema,
  generationQuerySchema,
} from '../../../packages/emulator/src/catalogue/request-schema.js';
import { matchRoute, type RouteMatch } from '../../../packages/emulator/src/catalogue/route-index.js';
import type { JsonSchema } from '../../../packages/emulator/src/catalogue/types.js';
import { coerceLegacyBody, coerceQuery } from '../../../packages/emulator/src/generation/coerce.js';
import { summarize, validate } from '../../../packages/emulator/src/http/validate.js';
import type { WireRequest } from './capture-wire.js';

/** The emulator's default `maxBodyBytes`. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
const NUMERIC = /^-?\d+(\.\d+)?$/;
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const UNSAFE_HEADER_VALUE = /[\0\r\n]/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// The emulator's validator caches compiled schemas by object: build each schema once.
const generationSchemas = new Map<string, { body: JsonSchema | undefined; query: JsonSchema }>();

function schemasOf(route: Extract<RouteMatch, { surface: 'generation' }>) {
  let schemas = generationSchemas.get(route.operation.operationId);
  if (!schemas) {
    schemas = { body: generationBodySchema(route.operation), query: generationQuerySchema(route.operation) };
    generationSchemas.set(route.operation.operationId, schemas);
  }
  return schemas;
}

type Body = { ok: true; value: unknown } | { ok: false; why: string };

/** The JSON body as the emulator's `readJsonBody` reads it. */
function readBody(request: WireRequest): Body {
  const text = request.body ?? '';
  const contentType = request.headers['content-type'] ?? '';
  if (contentType && !/json|^text\/plain/i.test(contentType))
    return { ok: false, why: `415: body sent as ${contentType}` };
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) return { ok: false, why: '413: body over 10 MiB' };
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, why: `400: body is not JSON (${(error as Error).message})` };
  }
}

function problems(schema: JsonSchema, value: unknown, what: string): string | undefined {
  const found = validate(schema, value);
  return found.length === 0 ? undefined : `422: invalid ${what}: ${summarize(found)}`;
}

function bearerOf(request: WireRequest): string | undefined {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  return match?.[1];
}

function generationRefusal(
  request: WireRequest,
  route: Extract<RouteMatch, { surface: 'generation' }>,
): string | undefined {
  const { operation } = route;
  const schemas = schemasOf(route);
  if (operation.method === 'GET') {
    if (!bearerOf(request)) return '401: no key';
    const query = coerceQuery(schemas.query, Object.fromEntries(request.url.searchParams));
    return problems(schemas.query, query, 'query');
  }
  const body = readBody(request);
  if (!body.ok) return body.why;
  if (!isRecord(body.value)) return '400: body is not a JSON object';
  if (!bearerOf(request) && typeof body.value.key !== 'string') return '401: no key';
  const schema = schemas.body ?? { type: 'object' };
  const value = operation.version === 'v6' ? coerceLegacyBody(schema, body.value) : body.value;
  return problems(schema, value, 'body');
}

function controlPlaneRefusal(
  request: WireRequest,
  route: Extract<RouteMatch, { surface: 'control-plane' }>,
): string | undefined {
  const { operation } = route;
  if (operation.auth === 'token' && !bearerOf(request)) return '401: no token';
  if (operation.query) {
    const properties = isRecord(operation.query.properties) ? operation.query.properties : {};
    const query: Record<string, unknown> = {};
    for (const [name, value] of request.url.searchParams) {
      const property = properties[name];
      const type = isRecord(property) ? property.type : undefined;
      query[name] = (type === 'integer' || type === 'number') && NUMERIC.test(value) ? Number(value) : value;
    }
    const refused = problems(operation.query, query, 'query');
    if (refused) return refused;
  }
  if (!operation.body) return undefined;
  const body = readBody(request);
  if (!body.ok) return body.why;
  return problems(operation.body, body.value, 'body');
}

/**
 * Why the emulator would refuse `request` as a call of `operationId` on `origin` (or why it goes
 * somewhere else entirely); undefined when the emulator takes it.
 */
export function emulatorRefusal(
  request: WireRequest,
  expected: { readonly operationId: string; readonly origin: string },
): string | undefined {
  if (request.url.origin !== expected.origin) return `sent to ${request.url.origin}`;
  for (const [name, value] of Object.entries(request.headers)) {
    if (!HEADER_NAME.test(name)) return `header name ${JSON.stringify(name)} is not a token`;
    if (UNSAFE_HEADER_VALUE.test(value)) return `header ${name} holds CR, LF or NUL`;
  }
  const route = matchRoute(request.method, request.url.pathname);
  if (!route) return `404/405: no operation at ${request.method} ${request.url.pathname}`;
  if (route.operation.operationId !== expected.operationId)
    return `reaches ${route.operation.operationId} (${request.method} ${request.url.pathname}) instead`;
  return route.surface === 'generation'
    ? generationRefusal(request, route)
    : controlPlaneRefusal(request, route);
}
