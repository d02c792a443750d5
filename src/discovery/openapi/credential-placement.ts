/**
 * Which credential an operation takes, read from its security requirements, and the document's
 * security schemes.
 * @module
 */

import type { CredentialPlacement } from '../types.js';
import { appendPointer, toJsonPointer } from './json-pointer.js';
import { isPlainObject } from './plain-object.js';
import type { WarningCollector } from './warning-collector.js';

/** The security schemes of a document, by name. */
export type SecuritySchemes = Readonly<Record<string, Record<string, unknown>>>;

/** The schemes of `components.securitySchemes` that are objects. */
export function readSecuritySchemes(document: Record<string, unknown>): SecuritySchemes {
  const components = isPlainObject(document.components) ? document.components : {};
  const schemes = isPlainObject(components.securitySchemes) ? components.securitySchemes : {};
  return Object.fromEntries(
    Object.entries(schemes).filter(([, scheme]) => isPlainObject(scheme)),
  ) as SecuritySchemes;
}

/**
 * The parameters that carry a key by the document's apiKey schemes, as `in:name` with header names
 * in lower case (`header:x-api-key`): never offered as input.
 */
export function credentialParameterKeys(schemes: SecuritySchemes): Set<string> {
  const keys = new Set<string>();
  for (const scheme of Object.values(schemes)) {
    if (scheme.type !== 'apiKey' || typeof scheme.name !== 'string' || typeof scheme.in !== 'string')
      continue;
    const location = scheme.in.toLowerCase();
    keys.add(`${location}:${location === 'header' ? scheme.name.toLowerCase() : scheme.name}`);
  }
  return keys;
}

/** The security requirements that apply to an operation: its own, else the document's. */
export interface EffectiveSecurity {
  readonly requirements: readonly Record<string, unknown>[];
  /** The document says, with `security: []` (or only empty requirements), that no credential is needed. */
  readonly explicitlyNone: boolean;
}

export function effectiveSecurity(
  operation: Record<string, unknown>,
  document: Record<string, unknown>,
): EffectiveSecurity {
  const declared = Array.isArray(operation.security)
    ? operation.security
    : Array.isArray(document.security)
      ? document.security
      : undefined;
  if (declared === undefined) return { requirements: [], explicitlyNone: false };
  const requirements = declared.filter(isPlainObject);
  return {
    requirements,
    explicitlyNone: requirements.every((requirement) => Object.keys(requirement).length === 0),
  };
}

/**
 * Whether an operation takes the control-plane token: its document scopes its operations
 * (`x-required-scope` somewhere) and this operation requires some security scheme.
 */
export function takesToken(security: EffectiveSecurity, documentIsScoped: boolean): boolean {
  return documentIsScoped && security.requirements.some((requirement) => Object.keys(requirement).length > 0);
}

/** Where the credential of one operation goes. */
export function describeCredential(input: {
  readonly security: EffectiveSecurity;
  readonly documentIsScoped: boolean;
  readonly schemes: SecuritySchemes;
  /** The body field that carries the key, when the body had one. */
  readonly bodyField: string | undefined;
  readonly operationAt: string;
  readonly warnings: WarningCollector;
}): CredentialPlacement {
  const { security, schemes } = input;
  let bearer = false;
  let header: string | undefined;
  for (const requirement of security.requirements) {
    for (const name of Object.keys(requirement)) {
      const scheme = schemes[name];
      if (scheme === undefined) {
        input.warnings.warn({
          code: 'unknown-security-scheme',
          at: appendPointer(input.operationAt, 'security'),
          message: `The security requirement names "${name}", which components.securitySchemes does not define; it is ignored.`,
        });
        continue;
      }
      const type = typeof scheme.type === 'string' ? scheme.type : '';
      const httpScheme = typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : '';
      // OAuth 2 and OpenID Connect access tokens travel as Bearer tokens too.
      if ((type === 'http' && httpScheme === 'bearer') || type === 'oauth2' || type === 'openIdConnect')
        bearer = true;
      if (type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string')
        header ??= scheme.name;
      else if (type === 'apiKey') {
        input.warnings.warn({
          code: 'unsupported-credential-placement',
          at: toJsonPointer(['components', 'securitySchemes', name]),
          message: `Scheme "${name}" sends the key in ${String(scheme.in)}, where the toolkit does not send credentials; the parameter is not offered as input.`,
        });
      }
    }
  }
  const kind = takesToken(security, input.documentIsScoped)
    ? 'token'
    : security.explicitlyNone && input.bodyField === undefined
      ? 'none'
      : 'api-key';
  return {
    kind,
    bearer,
    ...(input.bodyField === undefined ? {} : { bodyField: input.bodyField }),
    ...(header === undefined ? {} : { header }),
  };
}
