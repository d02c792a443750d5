/**
 * What the tools that are not an operation's own (search, describe, call, resume) share: their
 * hints and their refusal of arguments they cannot use.
 * @module
 */

import type { ToolFailure } from './tool-result.js';
import type { ToolAnnotations } from './tool-spec.js';

/** A meta-tool reads the tool set, not the world. */
export const META_ANNOTATIONS: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** A meta-tool's refusal of its arguments, before anything is sent. */
export function invalidArgumentsResult(message: string): ToolFailure {
  return {
    ok: false,
    status: 'error',
    code: 'invalid_arguments',
    message,
    retryable: false,
    hint: 'Fix the arguments and call again.',
  };
}
