import type { ControlPlaneScope } from './types.js';

export interface ScopeDefinition {
  readonly name: ControlPlaneScope;
  readonly grants: string;
}

/** The scope catalogue of the spec, in its order. `*` (every scope) is the default of a login without scopes. */
export const CONTROL_PLANE_SCOPES: readonly ScopeDefinition[] = [
  { name: 'profile:read', grants: 'Read account profile, e-mail, preferences' },
  { name: 'profile:write', grants: 'Update profile, password, socials, preferences' },
  { name: 'tokens:read', grants: 'List access tokens of the account' },
  { name: 'tokens:write', grants: 'Revoke tokens, log out, switch account context' },
  { name: 'api-keys:read', grants: 'List and inspect generation API keys' },
  { name: 'api-keys:write', grants: 'Create, rename, delete generation API keys' },
  { name: 'usage:read', grants: 'Read usage summaries, per-product usage, request history' },
  { name: 'models:read', grants: 'Browse model catalogue, filters, tags, providers' },
  { name: 'files:write', grants: 'Upload files and base64 payloads as generation inputs' },
  {
    name: 'billing:read',
    grants: 'Read billing info, invoices, payment methods, payment-provider publishable key',
  },
  {
    name: 'billing:write',
    grants: 'Add and remove payment methods, update billing info, create payment links',
  },
  { name: 'wallet:read', grants: 'Read wallet balance, coupon validity, payment status' },
  { name: 'wallet:write', grants: 'Fund wallet, withdraw, redeem coupons, change auto-funding' },
  { name: 'subscriptions:read', grants: 'Read plans, current subscriptions, subscription status' },
  { name: 'subscriptions:write', grants: 'Buy, change, pause, resume, repair subscriptions' },
  { name: 'teams:read', grants: 'List teams and members' },
  { name: 'teams:write', grants: 'Create and modify teams, invite members, accept invitations' },
];

export const WILDCARD_SCOPE = '*';

const KNOWN: ReadonlySet<string> = new Set(CONTROL_PLANE_SCOPES.map((scope) => scope.name));

export function isKnownScope(scope: string): scope is ControlPlaneScope {
  return KNOWN.has(scope);
}
