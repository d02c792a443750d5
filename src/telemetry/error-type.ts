/**
 * The `error.type` of a failure: the stable `code` of the toolkit's errors (`rate_limited`,
 * `timeout`), else the error's name; never its message, which may quote the service.
 */
export function errorType(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    const name = (error as { name?: unknown }).name;
    if (typeof name === 'string' && name !== '') return name;
  }
  return '_OTHER';
}
