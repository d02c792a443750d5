/**
 * Runs tasks with a fixed number in flight, as a fleet of agent turns would: each worker takes the
 * next task when its own ends. A task that throws stops nothing else: its error is collected and
 * returned, so that a suite can report every crash with its own message.
 * @module
 */

export async function runWithConcurrency(
  tasks: ReadonlyArray<() => Promise<void>>,
  concurrency: number,
): Promise<unknown[]> {
  let next = 0;
  const crashes: unknown[] = [];
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++]!;
      try {
        await task();
      } catch (error) {
        crashes.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  return crashes;
}
