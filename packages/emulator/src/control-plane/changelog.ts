import { ok } from '../http/envelope.js';
import { type OperationHandler, publicHandler } from './handler.js';

/** What changed in the control plane, newest first. */
export const CHANGELOG: ReadonlyArray<{ date: string; title: string; description: string }> = [
  {
    date: '2025-06-02',
    title: 'Scoped tokens',
    description:
      'POST /auth/login accepts scopes[]; a call outside them answers 403 insufficient_scope naming the scope in the body and in WWW-Authenticate.',
  },
  {
    date: '2025-04-14',
    title: 'Idempotent money operations',
    description:
      'Wallet, billing and subscription operations accept an Idempotency-Key header; a retry replays the first answer with meta.idempotency_replay.',
  },
  {
    date: '2025-02-03',
    title: 'Agent registration',
    description:
      'Agents sign up, claim the account with the e-mailed code at /auth/verify-email and receive a token and an API key.',
  },
  {
    date: '2024-11-18',
    title: 'Control plane v1',
    description:
      'Account, API-key, usage, billing, wallet, subscription and team operations under /api/agents/v1.',
  },
];

/** Handler of the public changelog. */
export const CHANGELOG_HANDLERS: Record<string, OperationHandler> = {
  get_changelog: publicHandler(({ c }) => ok(c, CHANGELOG)),
};
