import { errorMarker, GenerationToolkitError, hasMarker, markError } from '../errors/index.js';

const MARKER = errorMarker('SchemaUnusableError');

/**
 * The operation's input schema cannot be checked (a reference to nowhere, a construct the
 * validator cannot run), so the call was refused before anything was sent. Unlike
 * {@link InvalidArgumentsError} it does not blame the arguments: no other arguments would do, so
 * a model is told not to retry.
 *
 * @example
 * try {
 *   await session.call('v7_images_text_to_image', { prompt: 'a fox' });
 * } catch (error) {
 *   if (SchemaUnusableError.isInstance(error)) console.error(`${error.operationId}: ${error.message}`);
 * }
 */
export class SchemaUnusableError extends GenerationToolkitError {
  declare readonly code: 'schema_unusable';

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(
    readonly operationId: string,
    message: string,
  ) {
    super({ code: 'schema_unusable', message, retryable: false });
    markError(this, MARKER);
  }

  static override isInstance(error: unknown): error is SchemaUnusableError {
    return hasMarker(error, MARKER);
  }
}
