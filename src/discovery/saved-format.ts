/**
 * The formats of a saved description and the errors of reading one, in one place for the JSON of
 * `save()` and the text of `saveText()`: format 1 is the whole snapshot (`toSnapshot()`), format 3
 * the saved form, as JSON or as text (format 2, a compact form of the same data, was never
 * released; nothing reads it).
 * @module
 */
import { UsageError } from '../errors/index.js';

/** Format of the saved form: what `save()` and `saveText()` write. */
export const SAVED_FORMAT = 3;

/** What to do with a description this version cannot use: save it again, this version's way. */
const SAVE_AGAIN =
  "save it again with this version's description.save() or description.saveText() from a fresh discover()";

/**
 * Refuses a description saved by a newer version (a format above {@link SAVED_FORMAT}), with a
 * {@link UsageError} that says to upgrade or save it again; anything else passes.
 */
export function refuseNewerFormat(format: unknown): void {
  if (typeof format === 'number' && format > SAVED_FORMAT)
    throw new UsageError(
      `This service description was saved in format ${format} by a newer generation-agent-toolkit; this version reads formats 1 and ${SAVED_FORMAT}: upgrade the library, or ${SAVE_AGAIN}.`,
    );
}

/** A saved description damaged in `what`: save it again, or empty the cache it came from. */
export function damagedDescription(what: string): UsageError {
  return new UsageError(
    `This saved service description is damaged (${what}): ${SAVE_AGAIN} (from a discovery cache: empty the cache).`,
  );
}

/** What is not a saved description of any format this version reads. */
export function notADescription(): UsageError {
  return new UsageError(
    `This is not a service description snapshot (format 1 or ${SAVED_FORMAT}): save one with description.save() (or JSON.stringify(description)) after discover().`,
  );
}
