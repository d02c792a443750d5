import { type Emulator, type EmulatorAccount, startEmulator } from 'generation-agent-toolkit-emulator';

/**
 * An emulator on a manual clock that lets a test call every generation operation at once: a deep
 * queue, a generous rate limit, and an account with 1000 credits.
 */
export async function startRoomyEmulator(): Promise<{ emulator: Emulator; account: EmulatorAccount }> {
  const emulator = await startEmulator({
    clock: 'manual',
    queueLimit: 500,
    rateLimits: { generation: { limit: 10_000, windowSeconds: 60 } },
  });
  return { emulator, account: emulator.createAccount({ credits: 1000 }) };
}
