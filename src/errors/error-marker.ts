/**
 * Identity of the toolkit's errors across duplicated copies of the package: `instanceof` fails
 * when an application loads two copies (two versions in node_modules, ESM beside CommonJS), so
 * every class also carries a `Symbol.for` marker, which all copies share.
 * @module
 */

/** The marker of the class named `name`: the same symbol in every copy of the package. */
export function errorMarker(name: string): symbol {
  return Symbol.for(`generation-agent-toolkit.error.${name}`);
}

/** Marks `error` so that `isInstance` works across duplicated copies of the package. */
export function markError(error: object, marker: symbol): void {
  Object.defineProperty(error, marker, { value: true, enumerable: false });
}

/** Whether `error` carries `marker`. */
export function hasMarker(error: unknown, marker: symbol): boolean {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[marker] === true;
}
