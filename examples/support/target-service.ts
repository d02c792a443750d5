/**
 * Where the examples run: an emulator of the service embedded in the process by default (fast
 * clock, a fresh account with credits), or your own service when `GENTK_BASE_URL` is set, with the
 * credentials from `GENTK_EMAIL`, `GENTK_PASSWORD` and `GENTK_API_KEY`.
 *
 * In your own code you would pass your service's URL and credentials to `connect()` directly; this
 * file only spares each example the choice.
 * @module
 */
import { type Emulator, type EmulatorOptions, startEmulator } from 'generation-agent-toolkit-emulator';

export interface TargetService {
  /** The service's base URL. */
  readonly baseUrl: string;
  /** The generation API key. */
  readonly apiKey: string;
  /** The account's e-mail and password, for the control plane (wallet, keys, billing). */
  readonly auth: { readonly email: string; readonly password: string } | undefined;
  /** The embedded emulator, when the example runs on one: its books show what the agent did. */
  readonly emulator: Emulator | undefined;
  /** Closes the embedded emulator; a no-op against a real service. */
  close(): Promise<void>;
}

export interface TargetServiceOptions {
  /** Options of the embedded emulator. @default { timeScale: 0.02 }: 50 times faster than real time */
  readonly emulator?: EmulatorOptions;
  /** Credits of the emulator account. @default 25 */
  readonly credits?: number;
  /** Where the example writes what it says (the MCP server writes to stderr). @default console.log */
  readonly log?: (line: string) => void;
}

/** Starts the embedded emulator and an account on it, or reads your service's settings from the environment. */
export async function startTargetService(options: TargetServiceOptions = {}): Promise<TargetService> {
  const log = options.log ?? console.log;
  const { GENTK_BASE_URL, GENTK_EMAIL, GENTK_PASSWORD, GENTK_API_KEY } = process.env;
  if (GENTK_BASE_URL) {
    if (!GENTK_API_KEY) throw new Error('GENTK_BASE_URL is set: set GENTK_API_KEY (the generation key) too.');
    log(`✓ using the service at ${GENTK_BASE_URL} (GENTK_BASE_URL)`);
    return {
      baseUrl: GENTK_BASE_URL,
      apiKey: GENTK_API_KEY,
      auth: GENTK_EMAIL && GENTK_PASSWORD ? { email: GENTK_EMAIL, password: GENTK_PASSWORD } : undefined,
      emulator: undefined,
      close: async () => undefined,
    };
  }
  const emulator = await startEmulator({ timeScale: 0.02, ...options.emulator });
  const account = emulator.createAccount({ credits: options.credits ?? 25 });
  log(`✓ emulator of the service running at ${emulator.url} (set GENTK_BASE_URL to use a real service)`);
  return {
    baseUrl: emulator.url,
    apiKey: account.apiKey,
    auth: { email: account.email, password: account.password },
    emulator,
    close: () => emulator.close(),
  };
}

/** The account's e-mail and password, which the control plane needs; a clear error without them. */
export function requireAuth(target: TargetService): { readonly email: string; readonly password: string } {
  if (!target.auth)
    throw new Error('This example uses the control plane: set GENTK_EMAIL and GENTK_PASSWORD as well.');
  return target.auth;
}
