import type { EmulatorClock } from '../clock.js';

/** setTimeout fires at once past this delay (2^31 - 1 ms), so longer waits are taken in steps. */
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * Runs `task` when the clock reaches `atMs`, however far away that is: a month of service time at
 * timeScale 1 is longer than a Node timer can wait, so the wait is re-armed until it is due.
 */
export function scheduleAt(clock: EmulatorClock, atMs: number, task: () => void): void {
  const step = Math.min(atMs, clock.now() + LONGEST_TIMER_MS);
  clock.schedule(step, () => {
    if (clock.now() >= atMs) task();
    else scheduleAt(clock, atMs, task);
  });
}
