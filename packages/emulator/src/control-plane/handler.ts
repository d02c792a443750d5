import type { ControlPlaneOperation } from '../catalogue/types.js';
import type { EmulatorContext, RequestContext } from '../context.js';
import type { Account, TokenRecord } from '../state/records.js';

/** Who is calling: the token, the user it belongs to, and the account it acts for. */
export interface Session {
  readonly token: TokenRecord;
  readonly user: Account;
  /** The user, or a team after switch-account: keys, wallet, billing and usage are this account's. */
  readonly context: Account;
}

/** What a handler receives once the pipeline has authenticated and validated the request. */
export interface OperationInput {
  readonly c: RequestContext;
  readonly ctx: EmulatorContext;
  readonly operation: ControlPlaneOperation;
  readonly params: Readonly<Record<string, string>>;
  /** Query parameters, numbers coerced, checked against the operation's query schema. */
  readonly query: Readonly<Record<string, unknown>>;
  /** The JSON body, checked against the operation's body schema (`{}` when it has none). */
  readonly body: Readonly<Record<string, unknown>>;
}

/** The input of an operation that needs a token: the caller's session comes with it. */
export interface SessionInput extends OperationInput {
  readonly session: Session;
}

type Awaitable<T> = T | Promise<T>;

/** A handler of one operation; it answers with the envelope or throws an ApiError. */
export type OperationHandler =
  | { readonly auth: 'none'; readonly handle: (input: OperationInput) => Awaitable<Response> }
  | { readonly auth: 'token'; readonly handle: (input: SessionInput) => Awaitable<Response> };

/** A handler of a public operation (no token). */
export function publicHandler(handle: (input: OperationInput) => Awaitable<Response>): OperationHandler {
  return { auth: 'none', handle };
}

/** A handler of an operation that needs a valid token. */
export function tokenHandler(handle: (input: SessionInput) => Awaitable<Response>): OperationHandler {
  return { auth: 'token', handle };
}
