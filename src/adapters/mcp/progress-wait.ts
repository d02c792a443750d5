/**
 * How long a call may wait when the client resets its request timeout on every progress
 * notification. MCP gives a client no standard way to say so, and the SDKs' default is not to
 * (`resetTimeoutOnProgress: false`), so a server that assumed it would cost the usual client a
 * timeout and a lost answer. The longer wait is used only when someone says the client resets:
 * the client itself (a `_meta` flag on the call, or an experimental capability), or the
 * application, which knows the hosts it serves.
 * @module
 */
import type { ClientCapabilities, Implementation } from '@modelcontextprotocol/server';

/** The flag a client sets in a call's `_meta`, or names in `capabilities.experimental`. */
export const PROGRESS_RESETS_TIMEOUT = 'io.github.generation-agent-toolkit/progress-resets-timeout';

/** Who decides: `true` for every client, a function of the client, or (by default) the client's own flag. */
export type ResetsTimeoutOnProgress =
  | boolean
  | ((client: { readonly name?: string; readonly version?: string }) => boolean);

/** Whether this call's client resets its timeout on progress (and receives progress at all). */
export function resetsTimeoutOnProgress(call: {
  readonly setting: ResetsTimeoutOnProgress | undefined;
  readonly meta: Record<string, unknown> | undefined;
  readonly capabilities: ClientCapabilities | undefined;
  readonly client: Implementation | undefined;
}): boolean {
  // Without a progress token no progress goes out, so nothing would reset the client's timeout.
  if (call.meta?.progressToken === undefined) return false;
  if (typeof call.setting === 'boolean') return call.setting;
  if (typeof call.setting === 'function')
    return call.setting({
      ...(call.client?.name !== undefined ? { name: call.client.name } : {}),
      ...(call.client?.version !== undefined ? { version: call.client.version } : {}),
    });
  const experimental = (call.capabilities as { experimental?: Record<string, unknown> } | undefined)
    ?.experimental;
  return (
    call.meta[PROGRESS_RESETS_TIMEOUT] === true ||
    (experimental?.[PROGRESS_RESETS_TIMEOUT] ?? undefined) !== undefined
  );
}
