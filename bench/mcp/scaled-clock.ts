/**
 * Service time run faster than wall time, one clock for the emulator and the session alike: a job
 * of two minutes takes `120 * scale` seconds, and every wait of the toolkit (its polling, a call's
 * wait) shrinks by the same factor, so the figures read in service seconds.
 * @module
 */
import type { EmulatorClock } from 'generation-agent-toolkit-emulator';
import { type Clock, systemClock } from '../../src/http/index.js';

export interface ScaledClock extends Clock, EmulatorClock {
  /** Real milliseconds for `serviceMs` of service time. */
  realMs(serviceMs: number): number;
}

export function createScaledClock(scale: number): ScaledClock {
  const origin = Date.now();
  const started = performance.now();
  const now = () => origin + (performance.now() - started) / scale;
  const realMs = (serviceMs: number) => Math.max(0, serviceMs * scale);
  return {
    now,
    realMs,
    sleep: (ms, signal) => systemClock.sleep(realMs(ms), signal),
    schedule(atMs, task) {
      const timer = setTimeout(task, realMs(atMs - now()));
      timer.unref?.();
      return () => clearTimeout(timer);
    },
  };
}
