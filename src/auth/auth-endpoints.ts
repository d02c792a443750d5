import type { RunbookStepKind } from '../discovery/documents/auth-runbook.js';
import type { ServiceDescription } from '../discovery/service-description.js';

export type AuthEndpoint =
  | 'signup'
  | 'verify'
  | 'resend'
  | 'login'
  | 'refresh'
  | 'logout'
  | 'create-key'
  | 'switch-account'
  | 'tokens';

const PATH_SUFFIX: Record<AuthEndpoint, RegExp> = {
  signup: /\/auth\/signup$/,
  verify: /\/auth\/verify-email$/,
  resend: /\/auth\/resend-verification$/,
  login: /\/auth\/login$/,
  refresh: /\/auth\/refresh$/,
  logout: /\/auth\/logout$/,
  'create-key': /\/api-keys$/,
  'switch-account': /\/auth\/switch-account$/,
  tokens: /\/auth\/tokens$/,
};

const RUNBOOK_KIND: Partial<Record<AuthEndpoint, RunbookStepKind>> = {
  signup: 'signup',
  verify: 'verify',
  login: 'token-exchange',
  refresh: 'refresh',
  logout: 'revoke',
  'create-key': 'create-key',
};

/**
 * The URL of an auth endpoint as the service documents it: the runbook's step when it names one,
 * else the operation whose path says it, else the OAuth metadata. Undefined when none does.
 */
export function authEndpoint(service: ServiceDescription, endpoint: AuthEndpoint): string | undefined {
  const kind = RUNBOOK_KIND[endpoint];
  const step = kind
    ? service.runbook?.steps.find((candidate) => candidate.kind === kind && candidate.endpoint)
    : undefined;
  if (step?.endpoint) return step.endpoint.url;
  const method = endpoint === 'tokens' ? 'GET' : 'POST';
  const operation = service.operations.find(
    (candidate) => candidate.method === method && PATH_SUFFIX[endpoint].test(candidate.path),
  );
  if (operation) return operation.url;
  const metadata = service.authorization;
  if (endpoint === 'login') return metadata?.tokenEndpoint;
  if (endpoint === 'logout') return metadata?.revocationEndpoint;
  if (endpoint === 'signup') return metadata?.registrationEndpoint;
  return undefined;
}
