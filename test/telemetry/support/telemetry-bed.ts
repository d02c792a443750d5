/**
 * An emulator on virtual time and a session connected to it while the OpenTelemetry SDK is the
 * global provider (the session is told nothing about telemetry), whose transport keeps every
 * credential it carried: the canary that no exported span may contain.
 */
import {
  type Emulator,
  type EmulatorAccount,
  type ManualClock,
  startEmulator,
} from 'generation-agent-toolkit-emulator';
import { connect, type Session } from '../../../src/auth/index.js';
import { createUndiciTransport } from '../../../src/http/index.js';
import { createVirtualClock, type VirtualClock } from '../../support/virtual-clock.js';

export interface TelemetryBed {
  readonly emulator: Emulator;
  readonly account: EmulatorAccount;
  readonly session: Session;
  readonly clock: VirtualClock;
  /** Every secret the session sent: the key, the password, each bearer token, each webhook capability. */
  secrets(): string[];
  close(): Promise<void>;
}

const BEARER = /^Bearer\s+(.+)$/i;

export async function startTelemetryBed(
  options: { readonly operations?: readonly string[]; readonly telemetry?: false } = {},
): Promise<TelemetryBed> {
  const emulator = await startEmulator({
    clock: 'manual',
    jobDurations: { image: 8, video: 90 },
    rateLimits: { auth: { limit: 1000, windowSeconds: 60 } },
  });
  const account = emulator.createAccount({ password: 'canary-Pa55word-telemetry' });
  const clock = createVirtualClock(emulator.clock as ManualClock);
  const undici = createUndiciTransport();
  const seen = new Set<string>([account.apiKey, account.password]);
  const transport = clock.wrap((request) => {
    const bearer = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (bearer) seen.add(bearer);
    // A webhook's address carries the job's capability: its last segment.
    const webhook = /"webhook":"([^"]+)"/.exec(request.body ?? '')?.[1];
    const capability = webhook?.split('/').at(-1);
    if (capability) seen.add(capability);
    return undici.transport(request);
  });
  const session = await connect({
    baseUrl: emulator.url,
    apiKey: account.apiKey,
    auth: { email: account.email, password: account.password },
    operations: {
      ids: [
        ...(options.operations ?? [
          'v7_images_text_to_image',
          'v8_video_text_to_video',
          'get_wallet_balance',
          'get_wallet_transactions',
          'post_wallet_fund',
        ]),
      ],
    },
    http: { clock, transport },
    // Under a budget the session reads what each call charged from the wallet's ledger.
    budget: { amount: 100, currency: 'usd' },
    ...(options.telemetry === false ? { telemetry: false as const } : {}),
  });
  return {
    emulator,
    account,
    session,
    clock,
    secrets: () => [...seen],
    async close() {
      await session.close();
      await undici.close();
      await emulator.close();
    },
  };
}
