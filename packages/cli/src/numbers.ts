import { InvalidArgumentError } from 'commander';

/** A commander parser for a number flag within bounds, with a message that names the flag. */
export function parseNumber(name: string, { min = -Infinity, max = Infinity, integer = false } = {}) {
  return (raw: string): number => {
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
      throw new InvalidArgumentError(
        `${name} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}.`,
      );
    }
    return value;
  };
}
