import { CONTROL_PLANE_OPERATIONS } from '../catalogue/control-plane-operations.js';
import { ERROR_CODES } from '../catalogue/error-codes.js';
import { CONTROL_PLANE_SCOPES, WILDCARD_SCOPE } from '../catalogue/scopes.js';
import type { ControlPlaneOperation } from '../catalogue/types.js';
import { CODE_ATTEMPTS, CODE_LIFETIME_SECONDS } from '../state/store.js';
import { markdownTable } from './markdown.js';
import { schemaFields } from './schema-fields.js';
import { PAGE_PATHS, SURFACES } from './surfaces.js';

/** The header row of every field table; the runbook's parsers look for it. */
export const FIELD_TABLE_HEADER = ['Field', 'Type', 'Required', 'Description'] as const;
/** The header row of the error table. */
export const ERROR_TABLE_HEADER = ['Code', 'HTTP status', 'Meaning', 'What to do'] as const;

function operation(operationId: string): ControlPlaneOperation {
  const found = CONTROL_PLANE_OPERATIONS.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`no control-plane operation ${operationId}`);
  return found;
}

const call = (target: ControlPlaneOperation) => `\`${target.method} ${target.path}\``;

/** The body fields of an operation as the runbook's table, or a sentence when it takes none. */
function fieldsOf(target: ControlPlaneOperation): string {
  const fields = schemaFields(target.body);
  if (fields.length === 0) return 'This call takes no fields.';
  return markdownTable(
    FIELD_TABLE_HEADER,
    fields.map((field) => [field.name, field.type, field.required ? 'yes' : 'no', field.description]),
  );
}

interface Step {
  readonly title: string;
  readonly body: string;
}

function steps(): Step[] {
  const signup = operation('post_auth_signup');
  const resend = operation('post_auth_resend_verification');
  const verify = operation('post_auth_verify_email');
  const login = operation('post_auth_login');
  const logout = operation('post_auth_logout');
  const createKey = operation('post_api_keys');
  const refresh = operation('post_auth_refresh');
  const revokeOne = operation('delete_auth_tokens_by_id');
  const revokeAll = operation('post_auth_logout_all');
  const deleteKey = operation('delete_api_keys_by_id');
  const minutes = CODE_LIFETIME_SECONDS / 60;
  return [
    {
      title: 'Discover',
      body: `\`GET ${PAGE_PATHS.apiCatalog}\` lists the API surfaces and their descriptions (RFC 9727). From there:

- \`${SURFACES.controlPlane.openapiPath}\` describes every control-plane operation with its \`x-required-scope\`: collect the scopes of the operations the agent will call.
- \`${PAGE_PATHS.authorizationServer}\` names the token, revocation and registration endpoints and the supported scopes.
- \`${SURFACES.generation.openapiPath}\` describes the generation API, which the API key of step 4 unlocks.

This call takes no fields.`,
    },
    {
      title: 'Sign up',
      body: `${call(signup)} creates the account and e-mails a 6-digit verification code to the address. No token is needed.

${fieldsOf(signup)}

If the address is taken (409 email_taken), log in (step 5) instead. A lost code is sent again by ${call(resend)}.`,
    },
    {
      title: 'Claim the account',
      body: `The e-mail holds a 6-digit \`verification_code\`, valid for ${minutes} minutes and ${CODE_ATTEMPTS} attempts. It is the claim: the account belongs to whoever reads that mailbox, so a person supplies the code, or an inbox the agent is allowed to read. Never guess codes.

In the emulator no mail leaves the machine: read it with \`GET /_emulator/mailbox?email=<address>\`, whose \`messages[].code\` holds the code.`,
    },
    {
      title: 'Verify the e-mail',
      body: `${call(verify)} exchanges the code for a token with every scope (\`${WILDCARD_SCOPE}\`) and a generation API key: \`data.access_token\` and \`data.api_key\`. Keep the key secret. Use this token only for the next two steps.

${fieldsOf(verify)}`,
    },
    {
      title: 'Exchange credentials for a scoped token',
      body: `${call(login)} with \`scopes\`: ask for the fewest scopes the agent's operations need (their \`x-required-scope\`). Omitted, \`scopes\` means \`${WILDCARD_SCOPE}\`, every scope. The answer's \`data.access_token\` goes in \`Authorization: Bearer <access_token>\`, and \`data.scopes\` lists what it carries. A call outside them answers 403 insufficient_scope and names the missing scope in \`error.details.required_scope\` and in WWW-Authenticate.

${fieldsOf(login)}`,
    },
    {
      title: 'Revoke the claim token',
      body: `${call(logout)} with \`Authorization: Bearer <the token of step 4>\` revokes that all-scope token, so that only the scoped token remains. Self-revocation needs no scope.

${fieldsOf(logout)}`,
    },
    {
      title: 'Create a generation key',
      body: `${call(createKey)} is optional: with a token that carries \`${createKey.requiredScope}\`, it creates another generation API key, for example one per agent. \`data.key\` is shown once; store it.

${fieldsOf(createKey)}`,
    },
    {
      title: 'Refresh',
      body: `${call(refresh)} with the current token rotates it before \`expires_at\`: the answer holds a new token with the same scopes, and the old one is revoked at once.

${fieldsOf(refresh)}`,
    },
    {
      title: 'Revoke',
      body: `${call(logout)} revokes the calling token when the agent is done. With \`${revokeOne.requiredScope}\`, ${call(revokeOne)} revokes another token and ${call(revokeAll)} revokes every token of the account; ${call(deleteKey)} (\`${deleteKey.requiredScope}\`) deletes a generation key the agent created.

${fieldsOf(logout)}`,
    },
  ];
}

/**
 * The agent registration runbook (`/auth.md`), for people and parsers. Its structure is a
 * contract: `## N. Title` steps in order; in a step that calls the service the first code span
 * is `METHOD /path` and its body fields are a table under {@link FIELD_TABLE_HEADER}; then
 * `## Errors` and `## Scopes` tables.
 */
export function buildAuthRunbook(origin: string): string {
  const errors = markdownTable(
    ERROR_TABLE_HEADER,
    ERROR_CODES.map((error) => [error.code, String(error.status), error.meaning, error.action]),
  );
  const scopes = markdownTable(
    ['Scope', 'Grants'],
    [
      [WILDCARD_SCOPE, 'Everything below; what a login without `scopes` gets'],
      ...CONTROL_PLANE_SCOPES.map((scope) => [scope.name, scope.grants]),
    ],
  );
  const body = steps()
    .map((step, index) => `## ${index + 1}. ${step.title}\n\n${step.body}`)
    .join('\n\n');
  return `# Agent registration runbook

How an agent gets an account, a least-privilege control-plane token and a generation API key at ${origin}, and how it gives them back. Paths are relative to that origin.

Each step is a \`## N. Title\` heading. A step that calls the service names the call in its first code span as \`METHOD /path\` and lists the JSON body fields in a table. Control-plane answers are envelopes \`{data, error, meta}\`; a failure's \`error.code\` is one of the [errors](#errors).

${body}

## Errors

${errors}

## Scopes

${scopes}
`;
}
