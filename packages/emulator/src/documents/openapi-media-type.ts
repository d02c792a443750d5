/**
 * The media type to answer an OpenAPI document with: `application/openapi+json` when the client
 * asks for it by name, else `application/json`, which every client accepts.
 */
export function openApiMediaType(accept: string | undefined): string {
  const asked = (accept ?? '')
    .split(',')
    .map((range) => range.trim().toLowerCase())
    .some((range) => range.startsWith('application/openapi+json') && !/;\s*q=0(\.0*)?\s*(;|$)/.test(range));
  return asked ? 'application/openapi+json' : 'application/json';
}
