/**
 * Bottleneck on virtual time. Bottleneck reads `Date.now()` and waits with `setTimeout` and
 * `setInterval`; its self-contained build (`bottleneck/light.js`) is run here, unchanged, in a
 * context whose clock and timers are the benchmark's virtual clock, so that it paces against
 * the same time as the servers and the toolkit instead of real seconds.
 * @module
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createContext, runInContext } from 'node:vm';
import type Bottleneck from 'bottleneck';
import type { VirtualClock } from '../../test/support/virtual-clock.js';

type BottleneckClass = typeof Bottleneck;

interface VirtualTimer {
  readonly controller: AbortController;
  unref(): VirtualTimer;
  ref(): VirtualTimer;
}

/** `setTimeout` and friends over `clock`: a timer is a virtual sleep that can be aborted. */
function virtualTimers(clock: VirtualClock) {
  const timer = (controller: AbortController): VirtualTimer => ({
    controller,
    unref() {
      return this;
    },
    ref() {
      return this;
    },
  });
  const setTimeout = (callback: () => void, ms = 0): VirtualTimer => {
    const controller = new AbortController();
    clock.sleep(Math.max(0, ms), controller.signal).then(callback, () => undefined);
    return timer(controller);
  };
  const setInterval = (callback: () => void, ms = 0): VirtualTimer => {
    const controller = new AbortController();
    const tick = () =>
      clock.sleep(Math.max(1, ms), controller.signal).then(
        () => {
          callback();
          void tick();
        },
        () => undefined,
      );
    void tick();
    return timer(controller);
  };
  const clear = (handle: VirtualTimer | undefined) => handle?.controller.abort();
  return { setTimeout, setInterval, clearTimeout: clear, clearInterval: clear };
}

/** The Bottleneck class, its clock and timers those of `clock`. */
export function bottleneckOn(clock: VirtualClock): BottleneckClass {
  const source = readFileSync(createRequire(import.meta.url).resolve('bottleneck/light.js'), 'utf8');
  const module = { exports: {} as unknown };
  // Bottleneck only asks for `Date.now()`; a bare `new Date()` gets the virtual now too.
  const VirtualDate = Object.assign(
    (value?: string | number) => (value === undefined ? new Date(clock.now()) : new Date(value)),
    { now: () => clock.now(), UTC: Date.UTC, parse: Date.parse },
  );
  const context = createContext({
    module,
    exports: module.exports,
    Date: VirtualDate,
    Promise,
    console,
    ...virtualTimers(clock),
  });
  runInContext(source, context, { filename: 'bottleneck/light.js' });
  return module.exports as BottleneckClass;
}
