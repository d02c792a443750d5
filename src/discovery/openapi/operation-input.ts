/**
 * One input object per operation: path, query and header parameters and the body's fields merged,
 * each property with the place it travels, the credential field removed.
 * @module
 */

import type { InputLocation, JsonSchema, OperationInput } from '../types.js';
import { readBodyFields } from './body-fields.js';
import type { SchemaFinaliser } from './finalise-schema.js';
import type { InputParameter } from './operation-parameters.js';
import { isPlainObject, setOwn } from './plain-object.js';
import type { RequestBodyChoice } from './request-body.js';
import type { WarningCollector } from './warning-collector.js';

/** The body fields that carry the generation key in production (`key`), in order of preference. */
export const CREDENTIAL_BODY_FIELDS = ['key', 'api_key'] as const;

export interface OperationInputSources {
  readonly parameters: readonly InputParameter[];
  readonly body: RequestBodyChoice | undefined;
  /** Remove these body fields as credentials (empty when the operation takes a token instead). */
  readonly credentialFields: readonly string[];
  readonly finaliser: SchemaFinaliser;
  readonly operationAt: string;
  readonly warnings: WarningCollector;
}

export interface BuiltOperationInput {
  readonly input: OperationInput;
  /** The body field that carries the key, when the body had one. */
  readonly credentialBodyField?: string;
}

/** Builds the input of one operation. */
export function buildOperationInput(sources: OperationInputSources): BuiltOperationInput {
  const { finaliser, warnings } = sources;
  const properties: Record<string, JsonSchema | boolean> = {};
  const required: string[] = [];
  const locations: Record<string, InputLocation> = {};
  const wireNames: Record<string, string> = {};
  let constraints: Record<string, unknown> = {};
  let bodyProperty: string | undefined;
  let credentialBodyField: string | undefined;

  const place = (wanted: string, fallbackPrefix: string) => {
    if (!Object.hasOwn(properties, wanted)) return wanted;
    let name = `${fallbackPrefix}_${wanted}`;
    for (let index = 2; Object.hasOwn(properties, name); index++)
      name = `${fallbackPrefix}_${wanted}_${index}`;
    return name;
  };
  const add = (
    name: string,
    wire: string,
    location: InputLocation,
    schema: JsonSchema | boolean,
    isRequired: boolean,
  ) => {
    if (name !== wire) {
      setOwn(wireNames, name, wire);
      warnings.warn({
        code: 'name-collision',
        at: sources.operationAt,
        message: `The ${location} field "${wire}" has the name of another input; it is offered as "${name}" and sent as "${wire}".`,
      });
    }
    setOwn(properties, name, schema);
    setOwn(locations, name, location);
    if (isRequired) required.push(name);
  };

  for (const parameter of sources.parameters) {
    const schema = finaliser.finalise(parameter.schema, parameter.schemaAt);
    if (parameter.description && schema.description === undefined) schema.description = parameter.description;
    if (parameter.deprecated) schema.deprecated = true;
    add(place(parameter.name, parameter.in), parameter.name, parameter.in, schema, parameter.required);
  }

  const body = sources.body;
  if (body) {
    const schema = finaliser.finalise(body.schema, body.schemaAt);
    const fields = readBodyFields(schema);
    if (fields) {
      credentialBodyField = removeCredentialFields(fields, sources.credentialFields);
      const renamed = new Map<string, string>();
      for (const [field, fieldSchema] of Object.entries(fields.properties)) {
        const name = place(field, 'body');
        if (name !== field) renamed.set(field, name);
        add(name, field, 'body', fieldSchema, fields.required.includes(field));
      }
      constraints = fields.constraints;
      if (renamed.size > 0 && Object.keys(constraints).length > 0) {
        warnings.warn({
          code: 'name-collision',
          at: body.schemaAt,
          message: `The body's combined constraints (oneOf, ...) still use the original names of ${[...renamed.keys()].join(', ')}.`,
        });
      }
    } else {
      if (body.description && schema.description === undefined) schema.description = body.description;
      bodyProperty = place('body', 'request');
      add(bodyProperty, bodyProperty, 'body', schema, body.required);
    }
  }

  const definitions = finaliser.finish();
  const merged: JsonSchema = {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...constraints,
    ...(definitions ? { $defs: definitions } : {}),
  };
  const input: OperationInput = {
    schema: merged,
    locations,
    ...(body ? { bodyContentType: body.contentType } : {}),
    ...(bodyProperty === undefined ? {} : { bodyProperty }),
    ...(Object.keys(wireNames).length > 0 ? { wireNames } : {}),
  };
  return credentialBodyField === undefined ? { input } : { input, credentialBodyField };
}

/**
 * Takes the credential fields out of the body's properties and required lists, the object's own
 * and its branches'. Returns the first one found: the field the key is sent in.
 */
function removeCredentialFields(
  fields: { properties: Record<string, unknown>; required: string[]; constraints: Record<string, unknown> },
  candidates: readonly string[],
): string | undefined {
  let found: string | undefined;
  const branches = ['allOf', 'anyOf', 'oneOf'].flatMap((keyword) => {
    const list = fields.constraints[keyword];
    return Array.isArray(list) ? list.filter(isPlainObject) : [];
  });
  for (const name of candidates) {
    const inBranches = branches.some(
      (branch) => isPlainObject(branch.properties) && Object.hasOwn(branch.properties, name),
    );
    if (!Object.hasOwn(fields.properties, name) && !inBranches) continue;
    found ??= name;
    delete fields.properties[name];
    removeName(fields.required, name);
    for (const branch of branches) {
      if (isPlainObject(branch.properties)) delete branch.properties[name];
      if (Array.isArray(branch.required)) removeName(branch.required, name);
    }
  }
  return found;
}

function removeName(list: unknown[], name: string) {
  for (let index = list.indexOf(name); index !== -1; index = list.indexOf(name)) list.splice(index, 1);
}
