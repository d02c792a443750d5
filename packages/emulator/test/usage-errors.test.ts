/**
 * The emulator's usage errors are its own (it imports nothing of the library), yet the library's
 * error family recognises them: same `code`, and `isInstance` through the family's markers, so
 * that a test harness, or gentk's exit codes, treat a wrong emulator option like a wrong library
 * option.
 */
import { GenerationToolkitError, UnknownOptionError, UsageError } from 'generation-agent-toolkit';
import { ManualClock, startEmulator } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';

const refusalOf = async (start: () => Promise<unknown>) => {
  try {
    await start();
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected a refusal');
};

describe("the emulator's usage errors", () => {
  it('a port out of range is an invalid_usage the library recognises as a UsageError', async () => {
    const error = await refusalOf(() => startEmulator({ port: 70_000 }));
    expect(error).toMatchObject({
      name: 'UsageError',
      code: 'invalid_usage',
      retryable: false,
      message: 'port must be 0-65535, not 70000',
    });
    expect(UsageError.isInstance(error)).toBe(true);
    expect(GenerationToolkitError.isInstance(error)).toBe(true);
    expect(UnknownOptionError.isInstance(error)).toBe(false);
  });

  it('a misspelt option is an unknown_option naming the closest one, recognised as an UnknownOptionError', async () => {
    const error = await refusalOf(() => startEmulator({ timescale: 0.1 } as never));
    expect(error).toMatchObject({
      name: 'UnknownOptionError',
      code: 'unknown_option',
      option: 'timescale',
      where: 'startEmulator options',
      suggestion: 'timeScale',
    });
    expect(UnknownOptionError.isInstance(error)).toBe(true);
    expect(GenerationToolkitError.isInstance(error)).toBe(true);
    expect(UsageError.isInstance(error)).toBe(false);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      code: 'unknown_option',
      suggestion: 'timeScale',
    });
  });

  it('a clock moved backwards is a UsageError too', () => {
    const clock = new ManualClock(1_000);
    let caught: unknown;
    try {
      clock.set(0);
    } catch (error) {
      caught = error;
    }
    expect(UsageError.isInstance(caught)).toBe(true);
  });
});
