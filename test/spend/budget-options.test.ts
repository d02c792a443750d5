/** A budget that cannot be kept, or a misspelt option, is refused before anything is sent. */
import { describe, expect, it } from 'vitest';
import { connect, UnknownOptionError, UsageError } from '../../src/index.js';

// Nothing listens here: a refusal must come before any request.
const baseUrl = 'http://127.0.0.1:9';

describe('connect({ budget })', () => {
  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses an amount of %s', async (amount) => {
    const refusal = await connect({ baseUrl, budget: { amount } }).catch((error: unknown) => error);
    expect(UsageError.isInstance(refusal)).toBe(true);
    expect((refusal as Error).message).toMatch(/budget\.amount must be a number of at least 0/);
  });

  it('names the option meant by a misspelt key', async () => {
    const refusal = await connect({ baseUrl, budget: { amount: 5, unknownCosts: 'allow' } as never }).catch(
      (error: unknown) => error,
    );
    expect(UnknownOptionError.isInstance(refusal)).toBe(true);
    expect((refusal as Error).message).toMatch(/unknownCost/);
  });
});
