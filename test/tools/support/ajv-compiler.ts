/**
 * Ajv as the toolkit compiled schemas before it interpreted them: the reference that the
 * interpreter's problems are compared with (test/tools/interpreted-validation.test.ts).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../../../src/discovery/types.js';
import type { SchemaCheck } from '../../../src/schema/validate-arguments.js';

const ajv = new Ajv2020({
  allErrors: true,
  strict: false,
  verbose: true,
  logger: false,
  validateFormats: true,
  code: { optimize: false },
});
(addFormats as unknown as (instance: Ajv2020) => void)(ajv);

export const compileWithAjv = (schema: JsonSchema): SchemaCheck => ajv.compile(schema) as SchemaCheck;
