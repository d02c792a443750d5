import { connect, type Session } from '../../../../src/auth/index.js';
import { type Emulator, type EmulatorAccount, startEmulator } from '../../../../src/emulator/index.js';
import { virtualHttp } from '../../../support/virtual-http.js';

/** The control-plane operations the tests choose besides every generation operation. */
const CONTROL_PLANE = ['get_wallet_balance', 'post_wallet_fund', 'delete_api_keys_by_id'];

export interface EmulatorSession {
  readonly emulator: Emulator;
  readonly account: EmulatorAccount;
  readonly session: Session;
  /** Requests the session has sent so far, calls and polls alike. */
  requests(): number;
  close(): Promise<void>;
}

/**
 * An emulator on virtual time (image jobs take 8 s, video 90 s, none of it waited for) and a
 * session over real HTTP that may fund the wallet, with every request counted at the transport.
 */
export async function startEmulatorSession(): Promise<EmulatorSession> {
  const emulator = await startEmulator({
    clock: 'manual',
    jobDurations: { image: 8, video: 90 },
    rateLimits: { auth: { limit: 1000, windowSeconds: 60 } },
  });
  const account = emulator.createAccount({ password: 'canary-Pa55word' });
  const http = virtualHttp(emulator);
  let sent = 0;
  const session = await connect({
    baseUrl: emulator.url,
    apiKey: account.apiKey,
    auth: { email: account.email, password: account.password },
    operations: {
      where: (operation) =>
        !operation.path.startsWith('/api/agents/') || CONTROL_PLANE.includes(operation.id),
    },
    http: {
      clock: http.clock,
      transport: (request) => {
        sent += 1;
        return http.transport(request);
      },
    },
  });
  return {
    emulator,
    account,
    session,
    requests: () => sent,
    async close() {
      await session.close();
      await http.close();
      await emulator.close();
    },
  };
}
