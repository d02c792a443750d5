/** A JSON Schema fragment as the emulator publishes it (OpenAPI 3.1 dialect). */
export type JsonSchema = { readonly [keyword: string]: unknown };

export type GenerationVersion = 'v6' | 'v7' | 'v8';

export type GenerationCategory =
  | '3d'
  | 'faceswap'
  | 'image-editing'
  | 'image'
  | 'training'
  | 'interior'
  | 'llm'
  | 'video'
  | 'audio'
  | 'models';

/**
 * sync: the result comes inside the call. async: the call may answer `processing`, then the
 * result is fetched. fetch: the fetch operation of an asynchronous family itself.
 */
export type OperationMode = 'sync' | 'async' | 'fetch';

/** How a family fetches queued results (service-facts.md): by id in the path, or request_id in the body. */
export type FetchStyle = 'path' | 'body';

/** What a successful answer of an operation holds; selects the emulator's behaviour. */
export type ResultKind =
  | 'image'
  | 'video'
  | 'audio'
  | 'model3d'
  | 'text'
  | 'upload'
  | 'chat-v6'
  | 'chat-openai'
  | 'messages-anthropic'
  | 'count-tokens'
  | 'llm-model-list'
  | 'model-list'
  | 'voice-list'
  | 'training'
  | 'training-status'
  | 'training-list'
  | 'training-cancel'
  | 'training-delete'
  | 'model-reload'
  | 'fetch';

/** Where an operation accepts the generation key. */
export type KeyPlacement = 'body' | 'bearer' | 'both';

export interface GenerationOperation {
  readonly operationId: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly version: GenerationVersion;
  readonly category: GenerationCategory;
  readonly mode: OperationMode;
  readonly summary: string;
  /** Path of the operation that fetches this one's queued result. */
  readonly fetch?: string;
  readonly fetchStyle?: FetchStyle;
  readonly result: ResultKind;
  readonly keyPlacement: KeyPlacement;
  /** Names of required and optional fields of the field library; path parameters excluded. */
  readonly required: readonly string[];
  readonly optional: readonly string[];
  /** Names of query parameters (GET operations). */
  readonly query: readonly string[];
  /** Cost of one call in credits (US dollars); 0 for reads and fetches. */
  readonly price: number;
  readonly deprecated: boolean;
  readonly notes?: string;
}

export type ControlPlaneScope =
  | 'profile:read'
  | 'profile:write'
  | 'tokens:read'
  | 'tokens:write'
  | 'api-keys:read'
  | 'api-keys:write'
  | 'usage:read'
  | 'models:read'
  | 'files:write'
  | 'billing:read'
  | 'billing:write'
  | 'wallet:read'
  | 'wallet:write'
  | 'subscriptions:read'
  | 'subscriptions:write'
  | 'teams:read'
  | 'teams:write';

/** The effect an operation has on the account; drives documentation and idempotency. */
export type ControlPlaneEffect = 'read' | 'write' | 'money' | 'destructive';

export interface ControlPlaneOperation {
  readonly operationId: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly summary: string;
  /** null: no scope is needed (public, credential exchange, or self-revocation). */
  readonly requiredScope: ControlPlaneScope | null;
  /** What authenticates the call: nothing, or any valid token (scopes then apply). */
  readonly auth: 'none' | 'token';
  readonly effect: ControlPlaneEffect;
  /** Money operations accept an Idempotency-Key header. */
  readonly idempotent: boolean;
  readonly notes?: string;
  readonly body?: JsonSchema;
  readonly query?: JsonSchema;
  /** Schema of `data` in a successful envelope. */
  readonly data: JsonSchema;
  /** The resource the hosted control-plane MCP server groups this operation under (its tool's `action` is the operationId). */
  readonly resource: string;
}
