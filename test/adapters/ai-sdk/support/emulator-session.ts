import type { Emulator, EmulatorAccount } from 'generation-agent-toolkit-emulator';
import type { Session } from '../../../../src/auth/index.js';
import { startAdapterBed } from '../../../support/adapter-bed.js';

export interface EmulatorSession {
  readonly emulator: Emulator;
  readonly account: EmulatorAccount;
  readonly session: Session;
  /** Requests the session has sent so far, calls and polls alike. */
  requests(): number;
  close(): Promise<void>;
}

/** The adapter bed (test/support/adapter-bed.ts), counting the requests sent. */
export async function startEmulatorSession(): Promise<EmulatorSession> {
  const bed = await startAdapterBed();
  return { ...bed, requests: () => bed.requests.length };
}
