import type { Runbook, RunbookStep, RunbookStepKind } from '../discovery/documents/auth-runbook.js';
import type { ServiceDescription } from '../discovery/service-description.js';
import { GenerationToolkitError, hasMarker, markError, type OptionKeys } from '../errors/index.js';
import { type HttpClient, isRecord, ServiceError } from '../http/index.js';
import { authEndpoint } from './auth-endpoints.js';
import { controlPlane, type TokenExpiry } from './control-plane-calls.js';
import type { StoredToken } from './token-store.js';

/**
 * What the claim callback is told: which address the code was sent to, and when.
 * @inline
 */
export interface ClaimRequest {
  readonly email: string;
  readonly sentAt: Date;
  readonly signal: AbortSignal;
}

/**
 * Supplies the e-mailed code: a person typing it, or an inbox the agent can read.
 *
 * @example
 * const claim: ClaimHandler = async ({ email, signal }) => {
 *   const message = await inbox.waitForMessage({ to: email, signal });
 *   return /\b\d{6}\b/.exec(message.text)?.[0] ?? '';
 * };
 */
export type ClaimHandler = (request: ClaimRequest) => string | Promise<string>;

/**
 * The registration runbook's inputs: the new account, and how the e-mailed claim code is read.
 *
 * @example
 * const session = await connect({
 *   baseUrl: 'https://api.example.com',
 *   auth: {
 *     register: {
 *       email: 'agent-7@example.com',
 *       password: process.env.AGENT_PASSWORD ?? '',
 *       claim: async ({ email }) => readCodeFromInbox(email),
 *       createKey: 'agent-7',
 *     },
 *   },
 * });
 */
export interface RegisterOptions {
  readonly email: string;
  /** The account's password. Kept only in memory for the exchange; never stored or logged. */
  readonly password: string;
  /** @default the part of the e-mail before the @ */
  readonly name?: string;
  readonly claim: ClaimHandler;
  /** How long the claim may take, in ms. @default 600000 (ten minutes) */
  readonly claimTimeoutMs?: number;
  /**
   * Create a generation API key of the agent's own, named so. It is created with the claim token
   * before that token is revoked, so the session's token needs no api-keys scope. `false` keeps the
   * key the claim returns. @default false
   */
  readonly createKey?: string | false;
  /** Values for further fields the runbook's signup asks for. */
  readonly fields?: Readonly<Record<string, unknown>>;
}

/** The keys of {@link RegisterOptions}. */
export const REGISTER_OPTION_KEYS: OptionKeys<RegisterOptions> = {
  email: true,
  password: true,
  name: true,
  claim: ['onClaim', 'readCode'],
  claimTimeoutMs: ['timeoutMs'],
  createKey: ['keyName', 'apiKeyName'],
  fields: true,
};

/** @inline */
export type RegistrationStep = RunbookStepKind | 'runbook';

// The marker's name predates the family's naming; kept so that older copies still recognise it.
const MARKER = Symbol.for('generation-agent-toolkit.registration-error');

/** A registration that could not go on, with the step, what the runbook says, and what has been done. */
export class RegistrationError extends GenerationToolkitError {
  declare readonly code: 'registration_failed';

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(
    readonly step: RegistrationStep,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super({ code: 'registration_failed', message, cause: options.cause });
    markError(this, MARKER);
  }

  static override isInstance(error: unknown): error is RegistrationError {
    return hasMarker(error, MARKER);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), step: this.step };
  }
}

export interface RegistrationOutcome {
  readonly token: StoredToken;
  /** The generation key the registration produced (the claim's, or one created for the agent). */
  readonly apiKey?: string;
  /** false when the account already existed and the run logged in instead. */
  readonly created: boolean;
}

const REQUIRED: readonly RunbookStepKind[] = ['signup', 'verify', 'token-exchange'];

function explain(runbook: Runbook, step: RegistrationStep, error: unknown): RegistrationError {
  if (RegistrationError.isInstance(error)) return error;
  const code = ServiceError.isInstance(error) ? error.serviceCode : undefined;
  const documented = code ? runbook.errors.find((entry) => entry.code === code) : undefined;
  const what = documented
    ? `${documented.meaning} ${documented.action}`.trim()
    : error instanceof Error
      ? error.message
      : String(error);
  return new RegistrationError(
    step,
    `Registration stopped at "${step}"${code ? ` (${code})` : ''}: ${what}`,
    {
      cause: error,
    },
  );
}

async function claimCode(options: RegisterOptions, sentAt: Date): Promise<string> {
  const timeoutMs = options.claimTimeoutMs ?? 600_000;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(
        new RegistrationError(
          'claim',
          `No code was claimed within ${timeoutMs} ms; run the registration again to resend it.`,
        ),
      );
    }, timeoutMs);
  });
  try {
    const code = await Promise.race([
      Promise.resolve().then(() =>
        options.claim({ email: options.email, sentAt, signal: controller.signal }),
      ),
      timeout,
    ]);
    if (typeof code !== 'string' || code.trim() === '') {
      throw new RegistrationError('claim', 'The claim callback gave no code.');
    }
    return code.trim();
  } catch (error) {
    if (RegistrationError.isInstance(error)) throw error;
    throw new RegistrationError(
      'claim',
      `The claim callback failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  } finally {
    clearTimeout(timer);
  }
}

/** The signup body: each field the runbook lists, filled from what the toolkit knows or was given. */
function signupFields(step: RunbookStep, options: RegisterOptions): Record<string, unknown> {
  const known: Record<string, unknown> = {
    email: options.email,
    password: options.password,
    name: options.name ?? options.email.split('@')[0],
    ...options.fields,
  };
  const body: Record<string, unknown> = {};
  const fields = step.fields.length
    ? step.fields
    : [
        { name: 'email', required: true },
        { name: 'password', required: true },
        { name: 'name', required: false },
      ];
  for (const field of fields) {
    if (known[field.name] !== undefined) body[field.name] = known[field.name];
    else if (field.required) {
      throw new RegistrationError(
        'signup',
        `The runbook's signup asks for "${field.name}"; pass it in register.fields.`,
      );
    }
  }
  return body;
}

/**
 * Registers an agent account by following the runbook (auth.md) step by step: sign up, claim the
 * e-mailed code, verify, exchange the credentials for a token with exactly `scopes`, revoke the
 * all-scopes claim token. Running it again is safe: an account that exists logs in instead.
 */
export async function runRegistration(input: {
  readonly client: HttpClient;
  readonly service: ServiceDescription;
  readonly options: RegisterOptions;
  readonly scopes: readonly string[] | undefined;
  readonly tokenExpiry?: TokenExpiry;
  readonly deviceName?: string;
}): Promise<RegistrationOutcome> {
  const { client, service, options } = input;
  const runbook = service.runbook;
  if (!runbook) {
    throw new RegistrationError(
      'runbook',
      'The service publishes no registration runbook (auth.md); register the account by hand and connect with email and password.',
    );
  }
  const kinds = new Set(runbook.steps.map((step) => step.kind));
  const missing = REQUIRED.filter((kind) => !kinds.has(kind));
  if (missing.length) {
    throw new RegistrationError(
      'runbook',
      `The runbook has no ${missing.join(', ')} step; it cannot be followed. Register the account by hand.`,
    );
  }
  client.redactor.addSecret(options.password);
  let created = false;
  let verified = false;
  let claimToken: StoredToken | undefined;
  let apiKey: string | undefined;
  let sentAt: Date | undefined;
  let token: StoredToken | undefined;
  try {
    for (const step of runbook.steps) {
      const url = step.endpoint?.url;
      try {
        switch (step.kind) {
          case 'signup': {
            if (!url) throw new RegistrationError('signup', 'The signup step names no endpoint.');
            try {
              sentAt = new Date(client.clock.now());
              await controlPlane.signup(client, url, signupFields(step, options));
              created = true;
            } catch (error) {
              if (!(ServiceError.isInstance(error) && error.serviceCode === 'email_taken')) throw error;
              const details = isRecord(error.details) ? error.details : {};
              // The account exists: claimed already (log in), or waiting for its claim (send the code again).
              if (details.verified === false) {
                const resend = authEndpoint(service, 'resend');
                if (!resend) throw error;
                sentAt = new Date(client.clock.now());
                await controlPlane.resendVerification(client, resend, options.email);
              } else verified = true;
            }
            break;
          }
          case 'claim':
            break;
          case 'verify': {
            if (verified) break;
            if (!url) throw new RegistrationError('verify', 'The verify step names no endpoint.');
            const code = await claimCode(options, sentAt ?? new Date(client.clock.now()));
            client.redactor.addSecret(code);
            claimToken = await controlPlane.verify(client, url, code);
            client.redactor.addSecret(claimToken.accessToken);
            verified = true;
            apiKey = claimToken.apiKey;
            if (apiKey) client.redactor.addSecret(apiKey);
            const keysUrl = authEndpoint(service, 'create-key');
            if (options.createKey && keysUrl) {
              apiKey = await controlPlane.createApiKey(
                client,
                keysUrl,
                claimToken.accessToken,
                options.createKey,
              );
              client.redactor.addSecret(apiKey);
            }
            break;
          }
          case 'token-exchange': {
            if (!url)
              throw new RegistrationError('token-exchange', 'The token exchange step names no endpoint.');
            token = await controlPlane.login(client, url, {
              email: options.email,
              password: options.password,
              ...(input.scopes ? { scopes: input.scopes } : {}),
              ...(input.tokenExpiry ? { tokenExpiry: input.tokenExpiry } : {}),
              ...(input.deviceName ? { deviceName: input.deviceName } : {}),
            });
            client.redactor.addSecret(token.accessToken);
            break;
          }
          case 'revoke-claim':
            if (claimToken && url) {
              await controlPlane.logout(client, url, claimToken.accessToken);
              claimToken = undefined;
            }
            break;
          default:
            // discover, create-key (done with the claim token above), refresh, revoke: not registration steps.
            break;
        }
      } catch (error) {
        throw explain(runbook, step.kind, error);
      }
    }
  } finally {
    // The all-scopes claim token never outlives the registration, even when a step failed.
    const logout = authEndpoint(service, 'logout');
    if (claimToken && logout)
      await controlPlane.logout(client, logout, claimToken.accessToken).catch(() => undefined);
  }
  if (!token) throw new RegistrationError('token-exchange', 'The runbook was followed but gave no token.');
  return { token: { ...token, ...(apiKey ? { apiKey } : {}) }, ...(apiKey ? { apiKey } : {}), created };
}
