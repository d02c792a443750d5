import { usageError } from './exit-codes.js';

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?([/?#]|$)/i;

/**
 * The service's base URL: the argument, else GENTK_BASE_URL. Anything but an absolute http(s) URL
 * is a usage error whose message gives the fix (`127.0.0.1:8787` has no scheme: did you mean
 * `http://127.0.0.1:8787`?), so the library is never handed an address it would refuse.
 */
export function baseUrlOf(argument: string | undefined): string {
  const fromEnvironment = argument === undefined;
  const raw = (argument ?? process.env.GENTK_BASE_URL ?? '').trim();
  if (!raw) {
    throw usageError(
      'Give the service URL as an argument or in GENTK_BASE_URL, e.g. http://127.0.0.1:8787 (`gentk emulator` starts one).',
    );
  }
  const where = fromEnvironment ? `GENTK_BASE_URL (${raw})` : raw;
  if (!SCHEME.test(raw)) {
    const scheme = LOOPBACK.test(raw) ? 'http' : 'https';
    throw usageError(`${where} has no scheme: did you mean ${scheme}://${raw}?`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(`${where} is not a URL; give one like http://127.0.0.1:8787.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(`${where} is not an http(s) URL; give one like http://127.0.0.1:8787.`);
  }
  return raw;
}
