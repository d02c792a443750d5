import { describe, expect, it } from 'vitest';
import { UnknownChoiceError } from '../../../src/auth/unknown-choice-error.js';
import { GenerationToolkitError, UnknownOptionError, UsageError } from '../../../src/errors/index.js';
import { EXIT, exitCodeOf } from '../src/exit-codes.js';

describe('exitCodeOf', () => {
  it('gives a usage mistake found by the library the usage code, as gentk gives its own', () => {
    expect(exitCodeOf(new UsageError('connect() needs baseUrl or service.'))).toBe(EXIT.usage);
    expect(
      exitCodeOf(
        new UnknownOptionError({
          option: 'include',
          where: 'connect options.operations',
          suggestion: 'ids',
          knownOptions: ['ids'],
        }),
      ),
    ).toBe(EXIT.usage);
    expect(
      exitCodeOf(
        new UnknownChoiceError({
          selector: 'categories',
          value: 'imgae',
          where: 'connect options.operations',
          known: ['image'],
          suggestions: ['image'],
        }),
      ),
    ).toBe(EXIT.usage);
  });

  it('leaves a failure it cannot classify as unexpected', () => {
    expect(exitCodeOf(new GenerationToolkitError({ code: 'scope_widened', message: 'x' }))).toBe(
      EXIT.failure,
    );
    expect(exitCodeOf(new Error('boom'))).toBe(EXIT.failure);
  });
});
