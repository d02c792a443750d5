/**
 * A JSON Schema (2020-12, as OpenAPI 3.1 uses) as plain data.
 * @inline
 */
export type JsonSchema = { [keyword: string]: unknown };

/** @inline */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What calling an operation does to the account. `money` moves money (billing, wallet,
 * subscriptions); `destructive` deletes, revokes or withdraws. Both need a person's approval by
 * default.
 *
 * @example
 * const readOnly = service.operations.filter((operation) => operation.effect === 'read');
 * await connect({ baseUrl, apiKey, operations: { all: true, effects: ['read', 'write'] } });
 */
export type OperationEffect = 'read' | 'write' | 'money' | 'destructive';

/**
 * Where one input property travels on the wire.
 * @inline
 */
export type InputLocation = 'path' | 'query' | 'header' | 'body';

/** @inline */
export interface OperationInput {
  /**
   * One object schema for everything a caller supplies: path, query and header parameters and
   * the JSON body's fields, merged; credentials (the body `key`) removed. Descriptions, enums,
   * defaults and bounds are kept.
   */
  readonly schema: JsonSchema;
  /** Where each top-level property of `schema` is sent. */
  readonly locations: Readonly<Record<string, InputLocation>>;
  /** Media type of the request body, when the operation takes one. */
  readonly bodyContentType?: string;
  /**
   * Set when the body is not an object (an array, say): the whole body is then the input
   * property of this name.
   */
  readonly bodyProperty?: string;
  /**
   * The name on the wire of each property whose input name differs from it: when a body field
   * and a parameter share a name, the body field becomes `body_<name>` here and is sent as
   * `<name>`. Properties not listed are sent under their own names.
   */
  readonly wireNames?: Readonly<Record<string, string>>;
}

/**
 * Which credential an operation takes and where it goes.
 * @inline
 */
export interface CredentialPlacement {
  /** The generation API key, the control-plane token, or nothing. */
  readonly kind: 'api-key' | 'token' | 'none';
  /** The credential may go as `Authorization: Bearer`. */
  readonly bearer: boolean;
  /** The JSON body field that may carry the key (production's `key`), when the document has one. */
  readonly bodyField?: string;
  /** A header that may carry the key (e.g. `x-api-key`), when the document declares one. */
  readonly header?: string;
}

/**
 * How the result of an operation that can answer `processing` is fetched.
 * @inline
 */
export interface AsyncBehaviour {
  /** The operation that fetches the queued result, when the documents name or imply one. */
  readonly fetchOperationId?: string;
  /**
   * How the queued id reaches the fetch operation: in its path (`POST .../fetch/{id}` or a GET of
   * `.../{id}`), or in its body (`POST .../fetch {request_id}`). `unknown` when no fetch operation
   * was found: the client then relies on the answer's `fetch_result`.
   */
  readonly fetchStyle: 'path' | 'body' | 'unknown';
  /** The fetch operation's parameter or body field that carries the id (`id`, `training_id`, `request_id`). */
  readonly idField?: string;
}

/**
 * One operation the service publishes, as discovery read it from the OpenAPI documents: where it
 * lives, what it takes, what it does (`effect`), the scope and the credential it needs.
 *
 * @example
 * const service = await discover('https://api.example.com');
 * for (const operation of service.operations)
 *   if (operation.effect === 'money')
 *     console.log(operation.id, operation.method, operation.path, operation.requiredScope);
 * const textToImage = service.operation('v7_images_text_to_image');
 * console.log(textToImage?.input.schema, textToImage?.async?.fetchOperationId);
 */
export interface Operation {
  /** The document's operationId, or a stable id derived from method and path when it has none. */
  readonly id: string;
  /** Id of the API surface (a service-desc of the catalogue) that publishes it. */
  readonly surface: string;
  readonly method: HttpMethod;
  /** Path from the origin, server prefix included: `/api/v6/video/fetch/{id}`. */
  readonly path: string;
  /** Absolute URL template: origin + path. */
  readonly url: string;
  /** Origin the operation is served from; credentials go only to trusted origins. */
  readonly origin: string;
  /** The origin differs from the discovered service's: no credential goes there unless the caller trusts it. */
  readonly crossOrigin: boolean;
  /** Version segment of the path or server (`v6`, `v7`, `v8`, `v1`), when there is one. */
  readonly version?: string;
  /** Category (image, video, audio, 3d, llm, training, billing, wallet, ...), from tags or path. */
  readonly category?: string;
  readonly summary: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly input: OperationInput;
  /** Schema of a successful answer (the 2xx JSON body), when documented. */
  readonly outputSchema?: JsonSchema;
  /** Present when the operation can answer `processing` and its result is fetched later. */
  readonly async?: AsyncBehaviour;
  /** The operation is itself the fetch of some asynchronous family. */
  readonly isFetch: boolean;
  readonly effect: OperationEffect;
  /** `x-required-scope`; null when the operation declares none (public, or generation). */
  readonly requiredScope: string | null;
  /**
   * Every scope the documents name for the operation (`x-required-scope` and the scopes of its
   * security requirements), absent when they name none: evidence of its effect and of whether it
   * handles credentials, the strictest winning.
   */
  readonly scopes?: readonly string[];
  /**
   * Input fields the documents mark as callback addresses (OpenAPI `callbacks` expressions,
   * `x-callback`, `x-webhook`), absent when they mark none. With the fields every document's
   * names reveal (`webhook`, `callback_url`, ...), they belong to the application: a model never
   * sees nor sets them.
   */
  readonly callbackFields?: readonly string[];
  readonly credential: CredentialPlacement;
  /** The operation accepts an `Idempotency-Key` header. */
  readonly idempotencyKey: boolean;
  readonly deprecated: boolean;
}

/**
 * One API surface of the catalogue: an OpenAPI document and its links.
 * @inline
 */
export interface ApiSurface {
  readonly id: string;
  readonly title: string;
  /** The catalogue entry's anchor (the API's base URL), when it came from the catalogue. */
  readonly anchor?: string;
  readonly specUrl: string;
  readonly openapiVersion: string;
  readonly documentVersion?: string;
  readonly links: SurfaceLinks;
  readonly operationCount: number;
}

/** @inline */
export interface SurfaceLinks {
  readonly serviceDoc?: string;
  readonly status?: string;
  readonly termsOfService?: string;
  readonly privacyPolicy?: string;
  readonly deprecationPolicy?: string;
}

/**
 * Something discovery repaired, skipped or could not read, said so that a person can act on it.
 * @inline
 */
export interface DiscoveryWarning {
  /** Stable kind, e.g. `missing-operation-id`, `required-not-in-properties`, `document-unavailable`. */
  readonly code: string;
  /** The document's URL. */
  readonly document: string;
  /** JSON path (or section) within the document, when it applies. */
  readonly at?: string;
  readonly message: string;
}
