import { CONTROL_PLANE_OPERATIONS } from './control-plane-operations.js';
import { GENERATION_OPERATIONS } from './generation-operations.js';
import type { ControlPlaneOperation, GenerationOperation } from './types.js';

export type RouteMatch =
  | {
      readonly surface: 'generation';
      readonly operation: GenerationOperation;
      readonly params: Record<string, string>;
    }
  | {
      readonly surface: 'control-plane';
      readonly operation: ControlPlaneOperation;
      readonly params: Record<string, string>;
    };

interface CompiledRoute {
  readonly method: string;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly literalSegments: number;
  readonly build: (params: Record<string, string>) => RouteMatch;
}

function compile(path: string): { pattern: RegExp; names: string[]; literalSegments: number } {
  const names: string[] = [];
  let literalSegments = 0;
  const source = path
    .split('/')
    .map((segment) => {
      const name = /^\{(.+)\}$/.exec(segment)?.[1];
      if (name) {
        names.push(name);
        return '([^/]+)';
      }
      if (segment) literalSegments += 1;
      return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`), names, literalSegments };
}

const ROUTES: CompiledRoute[] = [
  ...GENERATION_OPERATIONS.map((operation) => ({
    method: operation.method,
    ...compile(operation.path),
    build: (params: Record<string, string>): RouteMatch => ({ surface: 'generation', operation, params }),
  })),
  ...CONTROL_PLANE_OPERATIONS.map((operation) => ({
    method: operation.method,
    ...compile(operation.path),
    build: (params: Record<string, string>): RouteMatch => ({ surface: 'control-plane', operation, params }),
  })),
  // A literal segment beats a parameter: /billing/invoices/{id} must not swallow /models/filters.
].sort((a, b) => b.literalSegments - a.literalSegments);

/** Decodes a path segment; a malformed escape is kept as sent rather than failing the request. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The operation `method path` addresses, with its path parameters, or undefined. */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
  for (const route of ROUTES) {
    if (route.method !== method.toUpperCase()) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, index) => {
      params[name] = decodeSegment(match[index + 1] ?? '');
    });
    return route.build(params);
  }
  return undefined;
}

/** Methods that some operation accepts at `path` (for 405 answers). */
export function allowedMethods(path: string): string[] {
  return [...new Set(ROUTES.filter((route) => route.pattern.test(path)).map((route) => route.method))];
}
