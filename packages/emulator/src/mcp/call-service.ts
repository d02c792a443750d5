import { buildServiceRequest, type ServiceRequestOptions } from './service-request.js';
import type { ToolCallContext, ToolCallResult } from './tool-definition.js';
import { toolError, toolResultFromResponse } from './tool-result.js';

/** The operation a tool call addresses, and its arguments. */
export type ServiceCall = Omit<ServiceRequestOptions, 'origin' | 'authorization' | 'signal'>;

/** The credential inside an Authorization header (`Bearer <credential>`), or the whole value. */
function credentialOf(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  return /^\s*Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? authorization.trim();
}

/**
 * Runs an operation of the service for a tool call: one internal request through the app (so
 * authentication, scopes, rate limits, versioning and faults all apply as they do over HTTP),
 * carrying the MCP request's Authorization header.
 */
export async function callService(context: ToolCallContext, call: ServiceCall): Promise<ToolCallResult> {
  const built = buildServiceRequest({
    ...call,
    origin: context.origin,
    authorization: context.authorization,
    ...(context.signal ? { signal: context.signal } : {}),
  });
  if (!built.ok) return toolError(built.message);

  // A key passed as an argument is as secret as the one in the header.
  const secrets = [credentialOf(context.authorization), call.params.key].filter(
    (secret): secret is string => typeof secret === 'string',
  );
  let response: Response;
  try {
    response = await context.app.fetch(built.request, {});
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return toolError(`The service could not be reached: ${reason}`);
  }
  return toolResultFromResponse(response, secrets);
}
