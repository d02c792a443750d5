/**
 * The bed the adapter tests share: an emulator on virtual time (image jobs take 8 s, video 90 s,
 * none of it waited for), an account with a password, and a session over real HTTP whose every
 * request is recorded at the transport, to show what never reached the network.
 * @module
 */

import {
  type Emulator,
  type EmulatorAccount,
  type ManualClock,
  startEmulator,
} from 'generation-agent-toolkit-emulator';
import { connect, type OperationChoice, type Session } from '../../src/auth/index.js';
import { createUndiciTransport } from '../../src/http/index.js';
import type { BudgetOptions } from '../../src/spend/index.js';
import { createVirtualClock, type VirtualClock } from './virtual-clock.js';

/** The control-plane operations the adapter tests use besides every generation operation. */
const CONTROL_PLANE = ['get_wallet_balance', 'post_wallet_fund', 'delete_api_keys_by_id'];

/**
 * Every generation operation, and the wallet and key deletion of the control plane: chosen by a
 * filter rather than named by id, so that dynamic mode keeps them behind call_operation (an
 * operation named by id is a tool of its own in every mode).
 */
export const GENERATION_AND_WALLET: OperationChoice = {
  all: true,
  where: (operation) => operation.surface === 'generation' || CONTROL_PLANE.includes(operation.id),
};

export interface AdapterBed {
  readonly emulator: Emulator;
  readonly account: EmulatorAccount;
  readonly session: Session;
  readonly clock: VirtualClock;
  /** `METHOD /path` of each request the session sent, calls and polls alike, in order. */
  readonly requests: string[];
  /** Another session of the same account, on the same clock and transport (closed by the caller). */
  connectAgain(): Promise<Session>;
  close(): Promise<void>;
}

export async function startAdapterBed(
  options: {
    readonly operations?: OperationChoice;
    readonly credits?: number;
    /** The session's spending budget (issue 17). */
    readonly budget?: BudgetOptions;
  } = {},
): Promise<AdapterBed> {
  const emulator = await startEmulator({
    clock: 'manual',
    jobDurations: { image: 8, video: 90 },
    rateLimits: { auth: { limit: 1000, windowSeconds: 60 } },
  });
  const account = emulator.createAccount({
    password: 'canary-Pa55word',
    ...(options.credits !== undefined ? { credits: options.credits } : {}),
  });
  const clock = createVirtualClock(emulator.clock as ManualClock);
  const undici = createUndiciTransport();
  const requests: string[] = [];
  const transport = clock.wrap((request) => {
    requests.push(`${request.method} ${request.url.pathname}`);
    return undici.transport(request);
  });
  const open = (budget: BudgetOptions | undefined) =>
    connect({
      baseUrl: emulator.url,
      apiKey: account.apiKey,
      auth: { email: account.email, password: account.password },
      operations: options.operations ?? GENERATION_AND_WALLET,
      ...(budget ? { budget } : {}),
      http: { clock, transport },
    });
  const session = await open(options.budget);
  return {
    emulator,
    account,
    session,
    clock,
    requests,
    connectAgain: () => open(undefined),
    async close() {
      await session.close();
      await undici.close();
      await emulator.close();
    },
  };
}
