/**
 * A provider against an emulator on virtual time: the emulator's clock is manual and the
 * provider's client sleeps on a virtual clock that moves it, so queued jobs finish without
 * anyone waiting for real.
 */

import {
  type Emulator,
  type EmulatorAccount,
  type EmulatorOptions,
  type ManualClock,
  startEmulator,
} from 'generation-agent-toolkit-emulator';
import { discover, type ServiceDescription } from '../../../src/discovery/index.js';
import { createUndiciTransport } from '../../../src/http/index.js';
import {
  createGenerationProvider,
  type GenerationProvider,
  type GenerationProviderSettings,
} from '../../../src/provider/index.js';
import { createVirtualClock, type VirtualClock } from '../../support/virtual-clock.js';

// The tests read the warnings from the results; the SDK need not also print them.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

export interface ProviderBed {
  readonly emulator: Emulator;
  readonly account: EmulatorAccount;
  readonly service: ServiceDescription;
  readonly clock: VirtualClock;
  /** A provider on the bed's account and clock; `settings` override. */
  provider(settings?: GenerationProviderSettings): GenerationProvider;
  /** For the SDK's own polling (`experimental_generateVideo({ poll: { delay } })`). */
  delay(ms: number, options?: { abortSignal?: AbortSignal }): Promise<void>;
  close(): Promise<void>;
}

/** Starts an emulator on a manual clock, an account with credits, and discovers the service once. */
export async function startProviderBed(options: EmulatorOptions = {}): Promise<ProviderBed> {
  const emulator = await startEmulator({
    clock: 'manual',
    rateLimits: { generation: { limit: 10_000, windowSeconds: 60 } },
    ...options,
  });
  const account = emulator.createAccount({ credits: 100 });
  const service = await discover(emulator.url);
  const clock = createVirtualClock(emulator.clock as ManualClock);
  const wire = createUndiciTransport();
  const transport = clock.wrap(wire.transport);
  const providers: GenerationProvider[] = [];
  return {
    emulator,
    account,
    service,
    clock,
    provider(settings = {}) {
      const provider = createGenerationProvider({
        baseURL: emulator.url,
        apiKey: account.apiKey,
        service,
        ...settings,
        _internal: { clock, transport, ...settings._internal },
      });
      providers.push(provider);
      return provider;
    },
    delay: (ms, delayOptions) => clock.sleep(ms, delayOptions?.abortSignal),
    async close() {
      await Promise.all(providers.map((provider) => provider.close()));
      await wire.close();
      await emulator.close();
    },
  };
}

/** A bed, and one whose every job fails: for the files that test both outcomes of a job. */
export function startWorkingAndFailingBeds(): Promise<[ProviderBed, ProviderBed]> {
  return Promise.all([startProviderBed(), startProviderBed({ faults: { jobFailureRate: 1 } })]);
}

/** Every string an error shows: message, fields and causes, as JSON. */
export function everythingIn(error: unknown): string {
  const seen = new Set<unknown>();
  const parts: string[] = [];
  let current: unknown = error;
  while (current && !seen.has(current)) {
    seen.add(current);
    if (current instanceof Error) parts.push(current.message, current.stack ?? '');
    try {
      parts.push(JSON.stringify(current, Object.getOwnPropertyNames(current)));
    } catch {
      parts.push(String(current));
    }
    for (const field of ['responseBody', 'requestBodyValues', 'data', 'url']) {
      const value = (current as Record<string, unknown>)[field];
      if (value !== undefined) parts.push(typeof value === 'string' ? value : JSON.stringify(value));
    }
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join('\n');
}

/** The first bytes of a file, for magic numbers. */
export const head = (data: Uint8Array, length = 12) => Array.from(data.slice(0, length));

export const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** An MP3 frame sync (11 set bits), or an ID3 tag. */
export function isMp3(data: Uint8Array): boolean {
  const [a = 0, b = 0, c = 0] = data;
  return (a === 0xff && (b & 0xe0) === 0xe0) || (a === 0x49 && b === 0x44 && c === 0x33);
}

export function isWav(data: Uint8Array): boolean {
  const text = new TextDecoder().decode(data.slice(0, 12));
  return text.startsWith('RIFF') && text.slice(8, 12) === 'WAVE';
}

export function isMp4(data: Uint8Array): boolean {
  return new TextDecoder().decode(data.slice(4, 8)) === 'ftyp';
}
