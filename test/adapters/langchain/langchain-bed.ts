/**
 * The test bed of the LangChain adapter: an emulator on virtual time, an account, and a session
 * over real HTTP whose requests are counted (to show what never reached the network).
 */

import type { Emulator, EmulatorAccount } from 'generation-agent-toolkit-emulator';
import type { GenerationTool } from '../../../src/adapters/langchain.js';
import type { Session } from '../../../src/auth/index.js';
import { startAdapterBed } from '../../support/adapter-bed.js';

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

/** The adapter bed (test/support/adapter-bed.ts) on {@link OPERATIONS}, with the account's ledger. */
export async function startLangChainBed(): Promise<LangChainBed> {
  // Chosen by a filter, not named by id: dynamic mode keeps them behind call_operation.
  const bed = await startAdapterBed({
    operations: { all: true, where: (operation) => (OPERATIONS as readonly string[]).includes(operation.id) },
  });
  const { emulator, account } = bed;
  return {
    ...bed,
    requests: () => bed.requests.length,
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
  };
}

/** The tool of `tools` that calls `operationId`. */
export function toolFor(tools: readonly GenerationTool[], operationId: string): GenerationTool {
  const found = tools.find((tool) => tool.spec.operationId === operationId);
  if (!found) throw new Error(`no tool calls ${operationId}`);
  return found;
}
