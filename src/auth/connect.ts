import type { KeyPlacement } from '../calls/index.js';
import { type DiscoverOptions, discover } from '../discovery/discover.js';
import { rejectUnknownDiscoverOptions } from '../discovery/discover-option-keys.js';
import type { ServiceDescription } from '../discovery/service-description.js';
import type { Operation } from '../discovery/types.js';
import {
  GenerationToolkitError,
  type OptionKeys,
  rejectUnknownOptions,
  UsageError,
} from '../errors/index.js';
import {
  createFetchTransport,
  governedTransport,
  HttpClient,
  rejectUnknownHttpOptions,
  SESSION_HTTP_OPTION_KEYS,
  type SessionHttpOptions,
} from '../http/index.js';
import { BUDGET_OPTION_KEYS, type BudgetOptions, SpendBudget } from '../spend/spend-budget.js';
import { defaultTelemetry } from '../telemetry/load-default-telemetry.js';
import type { Telemetry } from '../telemetry/telemetry.js';
import { asksForScopeOf, planAccess } from './access-plan.js';
import { authEndpoint } from './auth-endpoints.js';
import { controlPlane, type TokenExpiry } from './control-plane-calls.js';
import { tracedDiscovery } from './discovery-telemetry.js';
import {
  checkOperationChoice,
  chooseOperations,
  isControlPlane,
  OPERATION_CHOICE_KEYS,
  type OperationChoice,
} from './operation-choice.js';
import { REGISTER_OPTION_KEYS, type RegisterOptions, runRegistration } from './registration.js';
import { Session, type SessionScopes } from './session.js';
import { TokenManager } from './token-manager.js';
import {
  isUsable,
  MemoryTokenStore,
  type StoredToken,
  type TokenStore,
  tokenStoreKey,
} from './token-store.js';
import { reportTokenStoreProblems } from './token-store-audit.js';

/**
 * How the session authenticates to the control plane.
 *
 * @example
 * await connect({ baseUrl, auth: { token: process.env.GENTK_TOKEN ?? '', scopes: ['wallet:read'] } });
 * await connect({ baseUrl, auth: { email: 'agent@example.com', password } });
 * await connect({ baseUrl, auth: { register: { email: 'agent@example.com', password, claim: readInbox } } });
 */
export type ConnectAuth =
  /** A token you already have. It is used as given and never revoked by the session. Say its scopes if you know them. */
  | { readonly token: string; readonly scopes?: readonly string[] }
  /** Log in with exactly the scopes the chosen operations need. */
  | { readonly email: string; readonly password: string }
  /** Run the service's registration runbook (auth.md), then log in with the minimum scopes. */
  | { readonly register: RegisterOptions };

/**
 * What `connect()` needs: where the service is, which operations the agent may use, and the
 * credentials for them. Every option is checked: a key `connect()` does not know is an error.
 *
 * @example
 * const session = await connect({
 *   baseUrl: 'https://api.example.com',
 *   apiKey: process.env.GENTK_API_KEY,
 *   auth: { email: 'agent@example.com', password: process.env.AGENT_PASSWORD ?? '' },
 *   operations: { categories: ['image'], ids: ['get_wallet_balance'] },
 *   tokenStore: new FileTokenStore('./agent-tokens.json'),
 * });
 */
export interface ConnectOptions {
  /** The service's base URL. Not needed when `service` is given. */
  readonly baseUrl?: string | URL;
  /** A description already discovered (or loaded from a snapshot). */
  readonly service?: ServiceDescription;
  readonly discovery?: DiscoverOptions;
  /**
   * Which operations the agent may use: selectors (`ids`, `categories`, `versions`, `surfaces`,
   * `all`) add up, filters (`effects`, `readOnly`, `where`, `exclude`) narrow; see
   * {@link OperationChoice}.
   * @default every generation operation and the read-only control-plane operations
   */
  readonly operations?: OperationChoice;
  /**
   * The generation API key, or a function returning it (read at each request).
   * @default process.env.GENTK_API_KEY, else the key the token store keeps for the account
   */
  readonly apiKey?: string | (() => string | undefined);
  /** Control-plane authentication; without it, control-plane operations are withheld. */
  readonly auth?: ConnectAuth;
  /**
   * Ask for every scope (`*`) instead of the minimum. Never the default: least privilege is.
   * @default false
   */
  readonly allScopes?: boolean;
  /**
   * When a call meets 403 insufficient_scope at run time (the service changed), log in again
   * adding exactly that scope and retry once. Needs email and password (kept in memory only).
   * @default false
   */
  readonly stepUp?: boolean;
  /** Where tokens are kept between runs. @default in memory */
  readonly tokenStore?: TokenStore;
  /** @default '1_month' (the service's default) */
  readonly tokenExpiry?: TokenExpiry;
  /** Names the token in the account's token list. @default 'generation-agent-toolkit' */
  readonly deviceName?: string;
  /** Origins besides the service's own that may receive credentials. @default [] */
  readonly trustedOrigins?: readonly string[];
  /** @default 'auto' */
  readonly keyPlacement?: KeyPlacement;
  /**
   * Options of the HTTP core: fetch, clock, retry, timeouts, events, warnings, rate-limit store.
   * Discovery's documents go through the same transport and governor (unless `discovery` names a
   * transport or fetch of its own).
   */
  readonly http?: SessionHttpOptions;
  /**
   * A spending budget: each call's estimate is reserved before it is sent, and a call that would
   * pass the budget is refused with a `BudgetExceededError`. @default no budget
   *
   * @example
   * await connect({ baseUrl, apiKey, budget: { amount: 5, currency: 'usd' } });
   */
  readonly budget?: BudgetOptions;
  /**
   * Where the session's spans and metrics go: a span per call, per HTTP attempt (submission and
   * polls), per poll and for discovery, with events for rate-limit waits, retries and spend, all
   * masked. `false` turns it off. @default the global OpenTelemetry providers when
   * `@opentelemetry/api` is installed (loaded lazily; nothing is loaded without it)
   *
   * @example
   * import { openTelemetry } from 'generation-agent-toolkit/opentelemetry';
   * await connect({ baseUrl, apiKey, telemetry: openTelemetry({ tracerProvider }) });
   */
  readonly telemetry?: Telemetry | false;
}

const CONNECT_OPTION_KEYS: OptionKeys<ConnectOptions> = {
  baseUrl: ['baseURL', 'url'],
  service: true,
  discovery: ['discover'],
  operations: ['include', 'choose', 'tools'],
  apiKey: ['key', 'generationKey'],
  auth: ['credentials', 'login'],
  allScopes: true,
  stepUp: true,
  tokenStore: ['store'],
  tokenExpiry: true,
  deviceName: true,
  trustedOrigins: true,
  keyPlacement: true,
  http: true,
  budget: ['spend', 'spendLimit'],
  telemetry: ['tracing', 'tracerProvider'],
};

const AUTH_OPTION_KEYS: OptionKeys<ConnectAuth> = {
  token: ['accessToken'],
  scopes: true,
  email: ['user', 'username'],
  password: true,
  register: true,
};

/** Refuses, before anything is sent, an options object with a key connect() does not know. */
function rejectUnknownConnectOptions(options: ConnectOptions): void {
  rejectUnknownOptions(options, CONNECT_OPTION_KEYS, 'connect options');
  rejectUnknownOptions(options.operations, OPERATION_CHOICE_KEYS, 'connect options.operations');
  rejectUnknownOptions(options.auth, AUTH_OPTION_KEYS, 'connect options.auth');
  if (options.auth && 'register' in options.auth)
    rejectUnknownOptions(options.auth.register, REGISTER_OPTION_KEYS, 'connect options.auth.register');
  rejectUnknownDiscoverOptions(options.discovery, 'connect options.discovery');
  rejectUnknownHttpOptions(options.http, SESSION_HTTP_OPTION_KEYS, 'connect options.http');
  rejectUnknownOptions(options.budget, BUDGET_OPTION_KEYS, 'connect options.budget');
}

/** The service's base URL: the description's, else the one given when it is an http(s) URL. */
function serviceBase(options: ConnectOptions): URL | undefined {
  if (options.service) return new URL(options.service.baseUrl);
  try {
    const base = new URL(String(options.baseUrl));
    return base.protocol === 'http:' || base.protocol === 'https:' ? base : undefined;
  } catch {
    return undefined;
  }
}

/** The granted scopes beyond `requested`, said in words; undefined when there are none. */
function scopesBeyond(
  granted: NonNullable<SessionScopes['granted']>,
  requested: readonly string[],
): string | undefined {
  if (granted === 'unknown' || requested.includes('*')) return undefined;
  if (granted === '*') return 'every scope, *';
  const beyond = granted.filter((scope) => !requested.includes(scope));
  return beyond.length > 0 ? beyond.join(', ') : undefined;
}

/**
 * Discovery's options in a session: its documents go through the session's transport (its
 * custom `transport` or `fetch` too) and its governor, and teach the governor what they say. A
 * transport or fetch given to discovery itself is still used, behind the same governor.
 */
function discoveryThrough(client: HttpClient, discovery: DiscoverOptions | undefined): DiscoverOptions {
  const own = discovery?.transport ?? (discovery?.fetch ? createFetchTransport(discovery.fetch) : undefined);
  const transport = own
    ? governedTransport({ transport: own, governor: client.governor, clock: client.clock })
    : client.documentTransport;
  return { ...discovery, transport };
}

function sameScopes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((scope) => b.includes(scope));
}

function grantedOf(token: StoredToken): '*' | readonly string[] {
  return token.scopes.includes('*') ? '*' : token.scopes;
}

/**
 * Turns a service and the caller's intent into a {@link Session}: discovers the service (unless
 * given), picks the operations, logs in (or registers) asking for exactly the scopes they need,
 * checks what was granted, and withholds, with reasons, what cannot be used.
 *
 * @example
 * const session = await connect({
 *   baseUrl: 'http://127.0.0.1:8787',
 *   apiKey: process.env.GENTK_API_KEY,
 *   auth: { email, password },
 *   operations: { ids: ['v7_images_text_to_image', 'get_wallet_balance'] },
 * });
 * const result = await session.call('v7_images_text_to_image', { model_id: 'flux-dev', prompt: 'a fox' });
 * await session.close();
 */
export async function connect(options: ConnectOptions): Promise<Session> {
  rejectUnknownConnectOptions(options);
  if (!options?.service && !options?.baseUrl) throw new UsageError('connect() needs baseUrl or service.');
  const base = serviceBase(options);
  // discover() says what is wrong with a base URL it cannot read.
  if (!base) await discover(options.baseUrl as string | URL, options.discovery);
  const baseUrl = base as URL;
  const trustedOrigins = new Set([
    baseUrl.origin,
    ...(options.trustedOrigins ?? []).map((origin) => new URL(origin).origin),
  ]);
  const store = options.tokenStore ?? new MemoryTokenStore();
  const auth = options.auth;
  const account =
    auth && 'email' in auth ? auth.email : auth && 'register' in auth ? auth.register.email : 'token';
  const storeKey = tokenStoreKey(baseUrl.origin, account);
  // Checked before anything is sent: a budget that cannot be kept is a mistake of the caller.
  const budget = options.budget ? new SpendBudget(options.budget, `${baseUrl.origin}/${account}`) : undefined;

  let tokens: TokenManager | undefined;
  let storedKey: string | undefined;
  const apiKey = (): string | undefined => {
    const given = typeof options.apiKey === 'function' ? options.apiKey() : options.apiKey;
    // An empty variable (`GENTK_API_KEY= cmd`) is how a shell unsets it for one command: no key.
    return given ?? (globalThis.process?.env?.GENTK_API_KEY || undefined) ?? storedKey;
  };
  const telemetry =
    options.telemetry === false ? undefined : (options.telemetry ?? (await defaultTelemetry()));
  const client = new HttpClient({
    ...options.http,
    ...(telemetry ? { telemetry } : {}),
    baseUrl: baseUrl.href,
    trustedOrigins: [...trustedOrigins],
    credentials: {
      generationKey: apiKey,
      controlToken: async () => tokens?.accessToken(),
    },
  });
  // Known from the start, so that even a refusal before the first call cannot quote the key.
  client.redactor.addSecret(apiKey());
  await reportTokenStoreProblems(store, client);
  try {
    const service =
      options.service ??
      (await tracedDiscovery(client.telemetry, baseUrl, () =>
        discover(baseUrl, discoveryThrough(client, options.discovery)),
      ));
    // The quotas the service publishes hold from the first call, before any answer says more.
    await client.governor.publish(service.origin, service.rateLimits ?? []);
    checkOperationChoice(options.operations, {
      operations: service.operations,
      requireOperation: (id) => service.requireOperation(id),
      where: 'connect options.operations',
    });
    const chosen = chooseOperations(service.operations, options.operations);
    const controlPlaneOperations = chosen.filter((operation: Operation) => isControlPlane(operation));
    // A document's `*` or list is never asked for on its word: those operations are withheld.
    const requested = options.allScopes
      ? ['*']
      : service.minimumScopes(
          controlPlaneOperations
            .filter((operation) => asksForScopeOf(operation, false))
            .map((operation) => operation.id),
        );
    const notices: string[] = [];
    let granted: SessionScopes['granted'];
    let password: string | undefined;
    const login = authEndpoint(service, 'login');
    const common = {
      ...(options.tokenExpiry ? { tokenExpiry: options.tokenExpiry } : {}),
      deviceName: options.deviceName ?? 'generation-agent-toolkit',
    };
    let token: StoredToken | undefined;
    if (auth && 'token' in auth) {
      client.redactor.addSecret(auth.token);
      token = {
        accessToken: auth.token,
        expiresAt: null,
        tokenExpiry: 'unknown',
        scopes: auth.scopes ?? [],
        ownedByToolkit: false,
      };
      granted = auth.scopes ? grantedOf(token) : 'unknown';
      if (!auth.scopes)
        notices.push(
          'The token was given without its scopes: operations are offered as chosen and a missing scope shows at run time.',
        );
    } else if (auth && 'email' in auth) {
      password = auth.password;
      client.redactor.addSecret(password);
      const stored = await store.load(storeKey);
      if (stored && isUsable(stored, client.clock.now() + 60_000) && sameScopes(stored.scopes, requested)) {
        token = stored;
        notices.push('Reused the stored token, which carries exactly the scopes needed.');
      } else {
        if (!login)
          throw new GenerationToolkitError({
            code: 'unsupported_by_service',
            message:
              'The service publishes no login endpoint: pass auth: { token } instead of email and password.',
          });
        token = await controlPlane.login(client, login, {
          email: auth.email,
          password,
          scopes: requested,
          ...common,
        });
        // The agent's key lives beside its token: a new token keeps it.
        if (stored?.apiKey) token = { ...token, apiKey: stored.apiKey };
        if (stored?.ownedByToolkit) {
          const logout = authEndpoint(service, 'logout');
          if (logout) await controlPlane.logout(client, logout, stored.accessToken).catch(() => undefined);
        }
      }
    } else if (auth && 'register' in auth) {
      password = auth.register.password;
      client.redactor.addSecret(password);
      const outcome = await runRegistration({
        client,
        service,
        options: auth.register,
        scopes: requested,
        ...common,
      });
      const stored = await store.load(storeKey);
      storedKey = outcome.apiKey ?? stored?.apiKey;
      token = { ...outcome.token, ...(storedKey ? { apiKey: storedKey } : {}) };
      notices.push(
        outcome.created
          ? `Registered ${auth.register.email}.`
          : `${auth.register.email} exists; logged in instead of registering.`,
      );
    }
    if (token) {
      client.redactor.addSecret(token.accessToken);
      storedKey ??= token.apiKey;
      if (storedKey) client.redactor.addSecret(storedKey);
      granted ??= grantedOf(token);
      const beyond = scopesBeyond(granted, requested);
      if (beyond && token.ownedByToolkit && !options.allScopes) {
        // A token the toolkit minted holds exactly what the chosen operations need, whatever the
        // service grants: a wider one is revoked at once, never kept, stored or used.
        const logout = authEndpoint(service, 'logout');
        if (logout) await controlPlane.logout(client, logout, token.accessToken).catch(() => undefined);
        throw new GenerationToolkitError({
          code: 'scope_widened',
          message: `The service granted more than was asked for (${beyond}; asked for ${requested.join(' ') || 'no scope'}); the token was revoked. Pass allScopes: true to accept a wider token.`,
        });
      }
      if (beyond) notices.push(`The service granted more than was asked for (${beyond}).`);
      const refreshUrl = authEndpoint(service, 'refresh');
      const logoutUrl = authEndpoint(service, 'logout');
      const email =
        auth && 'email' in auth ? auth.email : auth && 'register' in auth ? auth.register.email : undefined;
      const secret = password;
      tokens = new TokenManager({
        client,
        token,
        store,
        storeKey,
        ...(refreshUrl ? { refreshUrl } : {}),
        ...(logoutUrl ? { logoutUrl } : {}),
        ...(email && secret && login
          ? {
              relogin: () =>
                controlPlane.login(client, login, { email, password: secret, scopes: requested, ...common }),
            }
          : {}),
      });
      if (token.ownedByToolkit) await store.save(storeKey, token);
    }
    const plan = planAccess(chosen, {
      granted: granted === 'unknown' ? '*' : granted,
      hasApiKey: apiKey() !== undefined,
      trustedOrigins,
      allScopes: options.allScopes === true,
    });
    const email =
      auth && 'email' in auth ? auth.email : auth && 'register' in auth ? auth.register.email : undefined;
    const secret = password;
    return new Session({
      service,
      client,
      offered: plan.offered,
      withheld: plan.withheld,
      requestedScopes: token ? requested : undefined,
      grantedScopes: granted,
      ...(tokens ? { tokens } : {}),
      ...(options.keyPlacement ? { keyPlacement: options.keyPlacement } : {}),
      ...(options.stepUp && email && secret && login
        ? {
            stepUp: (scope: string, current: StoredToken) => {
              const scopes = [...new Set([...current.scopes.filter((name) => name !== '*'), scope])];
              return controlPlane.login(client, login, { email, password: secret, scopes, ...common });
            },
          }
        : {}),
      notices,
      ...(budget ? { budget } : {}),
      ...(options.operations?.ids ? { namedOperationIds: options.operations.ids } : {}),
    });
  } catch (error) {
    // The error that made connect give up is the one to report: a failure to release the
    // connections (a stub transport, a closed pool) must not take its place.
    await client.close().catch(() => undefined);
    throw error;
  }
}
