/**
 * Virtual time for tests: a `Clock` whose sleeps move the emulator's `ManualClock` instead of
 * waiting. Time jumps to the earliest sleeper only when the process is quiet: no request on the
 * wire (counted through `wrap`) and no pending callbacks, so a request is never overtaken by time
 * it did not take.
 */
import type { ManualClock } from 'generation-agent-toolkit-emulator';
import type { Clock, Transport } from '../../src/http/index.js';

interface Sleeper {
  readonly at: number;
  readonly order: number;
  readonly resolve: () => void;
}

export interface VirtualClock extends Clock {
  /** A transport whose requests hold time still while they are on the wire. */
  wrap(transport: Transport): Transport;
  /** Runs `operation` (a call to Redis, a child process) holding time still until it settles. */
  hold<T>(operation: () => Promise<T>): Promise<T>;
  /** Total virtual milliseconds slept through jumps so far. */
  readonly advancedMs: number;
  /** Sleeps not yet over: after a run, anything here is a timer the run left behind. */
  readonly pendingSleeps: number;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface VirtualClockOptions {
  /**
   * Held operations run one at a time, in the order they were started. Several processes'
   * worth of clients (a fleet on one Redis) otherwise race on the real wire within one virtual
   * moment: which compare-and-set wins, which answer is read first, depend on the machine's
   * real latencies and vary from run to run. One at a time, every real I/O event is alone, so
   * what happens at each virtual moment follows from the order of the program alone.
   * Operations must not hold time from within a held operation (they would wait for themselves).
   */
  readonly sequential?: boolean;
}

export function createVirtualClock(manual: ManualClock, options: VirtualClockOptions = {}): VirtualClock {
  const sleepers: Sleeper[] = [];
  let lastHeld: Promise<void> = Promise.resolve();
  let order = 0;
  let inFlight = 0;
  let draining = false;
  let advancedMs = 0;

  async function drain(): Promise<void> {
    if (draining) return;
    draining = true;
    try {
      while (sleepers.length > 0) {
        // Let everything that is not waiting on time run first.
        for (let quietTicks = 0; quietTicks < 3; ) {
          await tick();
          quietTicks = inFlight === 0 ? quietTicks + 1 : 0;
          if (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 1));
        }
        if (sleepers.length === 0) break;
        sleepers.sort((a, b) => a.at - b.at || a.order - b.order);
        const next = sleepers[0]!;
        if (next.at > manual.now()) {
          advancedMs += next.at - manual.now();
          manual.set(next.at);
        }
        const now = manual.now();
        for (const sleeper of sleepers.filter((candidate) => candidate.at <= now)) {
          sleepers.splice(sleepers.indexOf(sleeper), 1);
          sleeper.resolve();
        }
      }
    } finally {
      draining = false;
    }
  }

  async function hold<T>(operation: () => Promise<T>): Promise<T> {
    inFlight += 1;
    let release = () => {};
    try {
      if (options.sequential) {
        const previous = lastHeld;
        lastHeld = new Promise<void>((resolve) => {
          release = resolve;
        });
        await previous;
      }
      return await operation();
    } finally {
      release();
      inFlight -= 1;
    }
  }

  return {
    now: () => manual.now(),
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        const sleeper: Sleeper = {
          at: manual.now() + Math.max(0, ms),
          order: order++,
          resolve: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          const index = sleepers.indexOf(sleeper);
          if (index >= 0) sleepers.splice(index, 1);
          reject(signal?.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        sleepers.push(sleeper);
        void drain();
      });
    },
    wrap: (transport) => (request) => hold(() => transport(request)),
    hold,
    get advancedMs() {
      return advancedMs;
    },
    get pendingSleeps() {
      return sleepers.length;
    },
  };
}
