/**
 * What discovery keeps of the authorization server and protected resource metadata.
 * @inline
 */
export interface AuthorizationMetadata {
  readonly issuer: string;
  readonly tokenEndpoint?: string;
  readonly revocationEndpoint?: string;
  readonly registrationEndpoint?: string;
  readonly scopesSupported: readonly string[];
  readonly grantTypesSupported: readonly string[];
  readonly serviceDocumentation?: string;
  /** RFC 9728: the protected resource and its authorization servers. */
  readonly resource?: string;
  readonly authorizationServers: readonly string[];
  readonly bearerMethodsSupported: readonly string[];
}

export type MetadataReading =
  | { readonly ok: true; readonly metadata: AuthorizationMetadata; readonly problems: string[] }
  | { readonly ok: false; readonly problem: string };

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

function sameIssuer(issuer: string, expected: string): boolean {
  const trim = (value: string) => value.replace(/\/+$/, '');
  return trim(issuer) === trim(expected);
}

/**
 * Reads RFC 8414 metadata (with RFC 9728 fields). The `issuer` must be the service's own
 * (RFC 8414 section 3.3); metadata naming another issuer is refused, because its endpoints would
 * receive credentials.
 */
export function readAuthorizationMetadata(document: unknown, expectedIssuer: string): MetadataReading {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return { ok: false, problem: 'the metadata is not a JSON object' };
  }
  const fields = document as Record<string, unknown>;
  const issuer = text(fields.issuer);
  if (!issuer) return { ok: false, problem: 'the metadata has no issuer' };
  if (!sameIssuer(issuer, expectedIssuer)) {
    return {
      ok: false,
      problem: `the issuer ${issuer} is not the service (${expectedIssuer}); the metadata is ignored`,
    };
  }
  const problems: string[] = [];
  const endpoint = (name: string): string | undefined => {
    const value = text(fields[name]);
    if (!value) return undefined;
    try {
      const url = new URL(value);
      if (url.origin !== new URL(expectedIssuer).origin) {
        problems.push(`${name} ${value} is on another origin`);
      }
      return url.href;
    } catch {
      problems.push(`${name} is not a URL`);
      return undefined;
    }
  };
  const tokenEndpoint = endpoint('token_endpoint');
  const revocationEndpoint = endpoint('revocation_endpoint');
  const registrationEndpoint = endpoint('registration_endpoint');
  const serviceDocumentation = text(fields.service_documentation);
  const resource = text(fields.resource);
  return {
    ok: true,
    problems,
    metadata: {
      issuer,
      ...(tokenEndpoint ? { tokenEndpoint } : {}),
      ...(revocationEndpoint ? { revocationEndpoint } : {}),
      ...(registrationEndpoint ? { registrationEndpoint } : {}),
      scopesSupported: strings(fields.scopes_supported),
      grantTypesSupported: strings(fields.grant_types_supported),
      ...(serviceDocumentation ? { serviceDocumentation } : {}),
      ...(resource ? { resource } : {}),
      authorizationServers: strings(fields.authorization_servers),
      bearerMethodsSupported: strings(fields.bearer_methods_supported),
    },
  };
}
