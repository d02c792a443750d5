/**
 * An emulator on loopback with a manual clock, and HTTP clients on virtual time against it.
 * Every event, warning and error message a test produces is collected, so that a test can grep
 * all of it for secrets.
 */
import type { EmulatorOptions, ManualClock } from 'generation-agent-toolkit-emulator';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import {
  HttpClient,
  type HttpClientOptions,
  type HttpEvent,
  type ServiceWarning,
  type Transport,
} from '../../../src/http/index.js';
import { createTestTransport } from '../../support/test-transport.js';
import { createVirtualClock, type VirtualClock } from '../../support/virtual-clock.js';

export interface TestBed {
  readonly emulator: Emulator;
  readonly clock: VirtualClock;
  readonly events: HttpEvent[];
  readonly warnings: ServiceWarning[];
  /** A client on virtual time; `wire` counts statuses seen on the wire. */
  client(options?: Partial<HttpClientOptions>): HttpClient;
  /** Every HTTP status that crossed the wire, in order. */
  readonly wire: number[];
  close(): Promise<void>;
}

export async function startTestBed(options: EmulatorOptions = {}): Promise<TestBed> {
  const emulator = await startEmulator({ clock: 'manual', ...options });
  const clock = createVirtualClock(emulator.clock as ManualClock);
  const { transport: wireTransport, close } = createTestTransport();
  const wire: number[] = [];
  const counted: Transport = async (request) => {
    const response = await wireTransport(request);
    wire.push(response.status);
    return response;
  };
  const transport = clock.wrap(counted);
  const events: HttpEvent[] = [];
  const warnings: ServiceWarning[] = [];
  return {
    emulator,
    clock,
    events,
    warnings,
    wire,
    client: (overrides = {}) =>
      new HttpClient({
        baseUrl: emulator.url,
        clock,
        transport,
        random: () => 0.5,
        onEvent: (event) => events.push(event),
        onWarning: (warning) => warnings.push(warning),
        ...overrides,
      }),
    close: async () => {
      await close();
      await emulator.close();
    },
  };
}
