import type { ServiceDescription, WithheldOperation } from 'generation-agent-toolkit';
import { CliError, EXIT } from './exit-codes.js';

/**
 * Why the session does not offer an operation, said with gentk's flags and environment variables
 * (the library's own message names its options, `apiKey`, `auth`, `trustedOrigins`), and the exit
 * code: missing credentials are authentication (3), a scope or an origin is 4.
 */
export function withheldError(entry: WithheldOperation, service: ServiceDescription): CliError {
  const id = entry.operationId;
  switch (entry.reason) {
    case 'no-api-key':
      return new CliError(
        `no API key for ${id}: pass --api-key, set GENTK_API_KEY, or run \`gentk register --email ADDRESS --create-key NAME\` to create one.`,
        EXIT.auth,
        'no_api_key',
      );
    case 'no-token':
      return new CliError(
        `no control-plane token for ${id}: pass --token or set GENTK_TOKEN, log in with --email (or GENTK_EMAIL) and GENTK_PASSWORD, or run \`gentk register --email ADDRESS\` first.`,
        EXIT.auth,
        'no_token',
      );
    case 'scope-not-granted':
      return new CliError(
        `${id} needs the scope ${service.operation(id)?.requiredScope ?? '(unknown)'}, which the token was not granted: log in with --email and GENTK_PASSWORD (gentk asks for exactly the scopes the operation needs), or pass a --token that has it.`,
        EXIT.scope,
        'scope_not_granted',
      );
    case 'untrusted-origin':
      return new CliError(
        `${id} is served from ${service.operation(id)?.origin ?? 'another origin'}, not from the service's own origin: gentk sends no credentials there.`,
        EXIT.scope,
        'untrusted_origin',
      );
    case 'unsafe-scope':
      return new CliError(
        `${id} is withheld: ${entry.message.replace(/; pass allScopes: true to allow it$/, '')}; gentk never asks the service for such a scope.`,
        EXIT.scope,
        'unsafe_scope',
      );
  }
}
