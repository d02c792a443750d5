/**
 * The headers of one model call: the SDK's per-call headers (with its user agent appended to
 * ours rather than replacing it) and the wire hook's marker.
 * @module
 */
import { VERSION } from '../version.js';
import { PROVIDER_NAME } from './service-connection.js';

/** The user agent the provider's client sends; an SDK's own is appended to it. */
export const USER_AGENT = `generation-agent-toolkit/${VERSION} ai-sdk/${PROVIDER_NAME}/${VERSION}`;

export function requestHeaders(
  callHeaders: Readonly<Record<string, string | undefined>> | undefined,
  marker: Readonly<Record<string, string>>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(callHeaders ?? {})) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    headers[lower] = lower === 'user-agent' ? `${USER_AGENT} ${value}` : value;
  }
  return { ...headers, ...marker };
}
