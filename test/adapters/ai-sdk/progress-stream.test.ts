import { describe, expect, it } from 'vitest';
import { streamWithProgress } from '../../../src/adapters/ai-sdk/progress-stream.js';

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const values: T[] = [];
  for await (const value of iterable) values.push(value);
  return values;
}

describe('streamWithProgress', () => {
  it('yields progress as it comes, then the result last', async () => {
    const values = await collect(
      streamWithProgress<string, number>(async (report) => {
        report('submitted');
        await new Promise((resolve) => setTimeout(resolve, 1));
        report('halfway');
        await new Promise((resolve) => setTimeout(resolve, 1));
        return 42;
      }),
    );
    expect(values).toEqual(['submitted', 'halfway', 42]);
  });

  it('keeps only the newest of the updates that arrive while the consumer is away', async () => {
    const values = await collect(
      streamWithProgress<number, string>(async (report) => {
        for (let step = 1; step <= 5; step += 1) report(step);
        return 'done';
      }),
    );
    expect(values).toEqual([5, 'done']);
  });

  it('yields only the result when there is no progress, and rethrows a failure', async () => {
    expect(await collect(streamWithProgress(async () => 'quick'))).toEqual(['quick']);
    await expect(
      collect(
        streamWithProgress<string, never>(async (report) => {
          report('started');
          throw new Error('broken');
        }),
      ),
    ).rejects.toThrow('broken');
  });
});
