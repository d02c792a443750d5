/**
 * The transport a client uses when given none: undici's where undici runs (Node, Deno), the
 * platform's `fetch` where undici is absent or unusable (Bun, whose `undici` is a stub whose
 * `Agent` cannot dispatch; workerd, which forbids compiling undici's WebAssembly parser; edge
 * runtimes, which have no Node built-ins). The choice is made by trying what undici needs, once
 * per process, when the first request is sent, never by the runtime's name.
 * @module
 */
import { canCompileWebAssembly } from '../runtime/capabilities.js';
import { createFetchTransport, type Transport } from './transport.js';
import { createUndiciTransport } from './undici-transport.js';

/** Which built-in transport a runtime gets. */
export type TransportKind = 'undici' | 'fetch';

/** What undici must offer to be used: an `Agent` whose instances dispatch and close. */
interface UndiciModule {
  readonly Agent?: { readonly prototype?: { readonly dispatch?: unknown; readonly close?: unknown } };
}

/** Whether `undici` is a working one: an import that fails, or a stub, leaves `fetch`. */
export async function probeTransportKind(
  loadUndici: () => Promise<UndiciModule> = () => import('undici') as Promise<UndiciModule>,
  compilesWebAssembly: () => boolean = canCompileWebAssembly,
): Promise<TransportKind> {
  // undici's HTTP parser is WebAssembly compiled at run time: where that is refused, undici loads
  // but every connection fails.
  if (!compilesWebAssembly()) return 'fetch';
  try {
    const { Agent } = await loadUndici();
    const prototype = Agent?.prototype;
    return typeof prototype?.dispatch === 'function' && typeof prototype.close === 'function'
      ? 'undici'
      : 'fetch';
  } catch {
    return 'fetch';
  }
}

let processKind: Promise<TransportKind> | undefined;

/** The built-in transport of this process, probed once. */
export function defaultTransportKind(): Promise<TransportKind> {
  processKind ??= probeTransportKind();
  return processKind;
}

/**
 * The transport a client gets when given none, and a `close()` that releases its connections:
 * undici where it works, the global `fetch` elsewhere (see {@link defaultTransportKind}).
 *
 * @example
 * const { transport, close } = createDefaultTransport();
 * const session = await connect({ baseUrl, apiKey, http: { transport } });
 * await session.close();
 * await close();
 */
export function createDefaultTransport(): { transport: Transport; close(): Promise<void> } {
  let chosen: Transport | undefined;
  let choosing: Promise<Transport> | undefined;
  let closeChosen = async () => {};
  const choose = async (): Promise<Transport> => {
    if ((await defaultTransportKind()) === 'undici') {
      const undici = createUndiciTransport();
      closeChosen = undici.close;
      chosen = undici.transport;
    } else {
      // Read when the request is sent, so that a test's or an instrumentation's replacement counts.
      chosen = createFetchTransport((input, init) => globalThis.fetch(input, init));
    }
    return chosen;
  };
  return {
    transport: async (request) => {
      if (chosen) return chosen(request);
      choosing ??= choose();
      return (await choosing)(request);
    },
    close: () => closeChosen(),
  };
}
