/**
 * The test bed of the LangChain adapter: an emulator on virtual time, an account, and a session
 * over real HTTP whose requests are counted (to show what never reached the network).
 */

import type { GenerationTool } from '../../../src/adapters/langchain.js';
import { connect, type Session } from '../../../src/auth/index.js';
import type { ManualClock } from '../../../src/emulator/index.js';
import { type Emulator, type EmulatorAccount, startEmulator } from '../../../src/emulator/index.js';
import { createUndiciTransport } from '../../../src/http/index.js';
import { createVirtualClock } from '../../support/virtual-clock.js';

export const OPERATIONS = [
  'v7_images_text_to_image',
  'v8_video_text_to_video',
  'get_wallet_balance',
  'post_wallet_fund',
  'delete_api_keys_by_id',
] as const;

export interface LangChainBed {
  readonly emulator: Emulator;
  readonly account: EmulatorAccount;
  readonly session: Session;
  /** Requests the session has sent so far. */
  requests(): number;
  /** The emulator's record of the account. */
  ledger(): { balance: number; payments: number; transactions: number; usage: number };
  close(): Promise<void>;
}

export async function startLangChainBed(): Promise<LangChainBed> {
  const emulator = await startEmulator({
    clock: 'manual',
    jobDurations: { image: 8, video: 90 },
    rateLimits: { auth: { limit: 1000, windowSeconds: 60 } },
  });
  const account = emulator.createAccount({ password: 'canary-Pa55word' });
  const clock = createVirtualClock(emulator.clock as ManualClock);
  const { transport, close: closeTransport } = createUndiciTransport();
  let sent = 0;
  const session = await connect({
    baseUrl: emulator.url,
    apiKey: account.apiKey,
    auth: { email: account.email, password: account.password },
    operations: { ids: [...OPERATIONS] },
    http: {
      clock,
      transport: clock.wrap((request) => {
        sent += 1;
        return transport(request);
      }),
    },
  });
  return {
    emulator,
    account,
    session,
    requests: () => sent,
    ledger() {
      const snapshot = emulator.inspect(account.email);
      if (!snapshot) throw new Error('the account is gone');
      return {
        balance: snapshot.balance,
        payments: snapshot.payments.length,
        transactions: snapshot.transactions.length,
        usage: snapshot.usage.length,
      };
    },
    async close() {
      await session.close();
      await closeTransport();
      await emulator.close();
    },
  };
}

/** The tool of `tools` that calls `operationId`. */
export function toolFor(tools: readonly GenerationTool[], operationId: string): GenerationTool {
  const found = tools.find((tool) => tool.spec.operationId === operationId);
  if (!found) throw new Error(`no tool calls ${operationId}`);
  return found;
}
