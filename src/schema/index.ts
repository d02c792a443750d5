/**
 * JSON Schema work shared by the session and the tools: argument validation with the service's
 * coercions, and the small schema helpers it stands on. Imports nothing but discovery's types.
 * @module
 */
export type { ArgumentProblem } from './argument-problem.js';
export { cleanSchema } from './clean-schema.js';
export type { ArgumentLimits } from './copy-arguments.js';
export {
  type ArgumentValidator,
  createArgumentValidator,
  type ValidateArgumentsOptions,
  type ValidationResult,
  validateArguments,
} from './validate-arguments.js';
