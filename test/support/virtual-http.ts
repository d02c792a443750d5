import type { Emulator, ManualClock } from 'generation-agent-toolkit-emulator';
import { type Clock, createUndiciTransport, type Transport } from '../../src/http/index.js';
import { createVirtualClock } from './virtual-clock.js';

/**
 * HTTP options on the emulator's virtual time, for connect({ http }) and the like: no real waiting.
 * Only options connect() knows: it refuses any other key.
 */
export function virtualHttp(emulator: Emulator): { clock: Clock; transport: Transport } {
  const clock = createVirtualClock(emulator.clock as ManualClock);
  const { transport } = createUndiciTransport();
  return { clock, transport: clock.wrap(transport) };
}
