import { showsItself } from '../display/shows-itself.js';
import { UsageError } from '../errors/index.js';
import type { Runbook } from './documents/auth-runbook.js';
import type { DeprecationPolicy } from './documents/deprecation-policy.js';
import type { LlmsTxt } from './documents/llms-txt.js';
import type { McpServerInfo } from './documents/mcp-manifest.js';
import type { ModelInfo } from './documents/models-feed.js';
import type { AuthorizationMetadata } from './documents/oauth-metadata.js';
import type { PublishedRateLimit } from './published-rate-limits.js';
import {
  decodeOperations,
  encodeOperations,
  type SavedOperation,
  withFetchOperations,
} from './saved-description.js';
import { savedDescriptionText, savedFromText } from './saved-description-text.js';
import { notADescription, refuseNewerFormat, SAVED_FORMAT } from './saved-format.js';
import type { ScopeInfo } from './scopes.js';
import { serviceDescriptionView } from './service-description-view.js';
import type { ApiSurface, DiscoveryWarning, Operation } from './types.js';
import { closeMatches, UnknownOperationError } from './unknown-operation-error.js';

/**
 * Which operations: a list of ids, or a test each operation is put to.
 * @inline
 */
export type OperationSelection = readonly string[] | ((operation: Operation) => boolean);

/**
 * Reference material the hosted MCP servers publish (scope catalogue, rate-limit policy, error model).
 * @inline
 */
export interface McpReference {
  readonly server: string;
  readonly uri: string;
  readonly mimeType?: string;
  readonly text: string;
}

/**
 * How discovery went: what it read and what it downloaded.
 * @inline
 */
export interface DiscoveryStats {
  readonly documents: number;
  readonly fromCache: number;
  readonly downloadedBytes: number;
  /** Wall time until the last document arrived: the network part of discovery. */
  readonly fetchMs: number;
  /** Wall time of the whole discovery, reading and checking included. */
  readonly durationMs: number;
}

/** @inline */
export interface ServiceDescriptionData {
  readonly baseUrl: string;
  readonly origin: string;
  readonly discoveredAt: string;
  readonly surfaces: readonly ApiSurface[];
  readonly operations: readonly Operation[];
  readonly scopes: readonly ScopeInfo[];
  readonly runbook?: Runbook;
  readonly authorization?: AuthorizationMetadata;
  readonly mcpServers: readonly McpServerInfo[];
  readonly mcpReference: readonly McpReference[];
  /** The quotas the documents publish (OpenAPI rate-limit extensions and declared policies, the MCP rate-limit policy). */
  readonly rateLimits?: readonly PublishedRateLimit[];
  readonly llmsTxt?: LlmsTxt;
  readonly models: readonly ModelInfo[];
  readonly deprecationPolicy?: DeprecationPolicy;
  readonly warnings: readonly DiscoveryWarning[];
  readonly stats: DiscoveryStats;
}

/**
 * A snapshot is the description's data as plain JSON, every operation whole (format 1): what
 * {@link ServiceDescription.toSnapshot} gives. To save a description for a fast start, prefer
 * {@link ServiceDescription.save} (smaller, and quicker to load); {@link ServiceDescription.fromSnapshot}
 * reads both.
 */
export type ServiceSnapshot = ServiceDescriptionData & { readonly snapshotVersion: 1 };

/**
 * A description saved for a fast start (format 3): each operation as JSON text beside its id,
 * decoded at its first use, every distinct schema once, as JSON text decoded only when an operation
 * first reads it, and no field an operation can rebuild. Written by
 * {@link ServiceDescription.save} (and `JSON.stringify(description)`), read by
 * {@link ServiceDescription.fromSnapshot}.
 *
 * @example
 * await writeFile('service.json', JSON.stringify(service.save({ operations: ['v7_images_text_to_image'] })));
 * const again = ServiceDescription.fromSnapshot(JSON.parse(await readFile('service.json', 'utf8')));
 * const session = await connect({ service: again, apiKey });
 */
export type SavedServiceDescription = Omit<ServiceDescriptionData, 'operations'> & {
  readonly snapshotVersion: 3;
  /**
   * Each operation as its id and the JSON text of its {@link SavedOperation}, in the description's
   * order: loading reads the ids, and an operation's text is decoded when it is first used.
   */
  readonly operations: readonly (readonly [id: string, saved: string])[];
  /** Each distinct schema once, as JSON text: decoded when an operation first reads it. */
  readonly schemas: readonly string[];
};

/**
 * What {@link ServiceDescription.save} keeps.
 * @inline
 */
export interface SaveOptions {
  /**
   * Only these operations (ids, or a test each is put to), with the fetch operations their queued
   * results need; every operation when absent. A session connected from the saved description
   * knows only these. Unknown ids throw {@link UnknownOperationError}.
   */
  readonly operations?: OperationSelection;
}

/**
 * Everything the service publishes about itself, read, checked and reconciled: both API surfaces
 * as one list of operations, the scope catalogue, the registration runbook, the MCP servers, the
 * model catalogue and policy. Every later part of the toolkit builds on it.
 *
 * @example
 * const service = await discover('https://api.example.com');
 * console.log(service.operations.length, 'operations;', service.scopes.length, 'scopes');
 * console.log(service.minimumScopes(['get_wallet_balance', 'post_wallet_fund']));
 * const session = await connect({ service, apiKey }); // no second discovery
 */
export class ServiceDescription implements ServiceDescriptionData {
  readonly baseUrl!: string;
  readonly origin!: string;
  readonly discoveredAt!: string;
  readonly surfaces!: readonly ApiSurface[];
  readonly operations!: readonly Operation[];
  readonly scopes!: readonly ScopeInfo[];
  readonly runbook?: Runbook;
  readonly authorization?: AuthorizationMetadata;
  readonly mcpServers!: readonly McpServerInfo[];
  readonly mcpReference!: readonly McpReference[];
  readonly rateLimits?: readonly PublishedRateLimit[];
  readonly llmsTxt?: LlmsTxt;
  readonly models!: readonly ModelInfo[];
  readonly deprecationPolicy?: DeprecationPolicy;
  readonly warnings!: readonly DiscoveryWarning[];
  readonly stats!: DiscoveryStats;
  readonly #byId: ReadonlyMap<string, Operation>;

  constructor(data: ServiceDescriptionData) {
    Object.assign(this, data);
    this.#byId = new Map(data.operations.map((operation) => [operation.id, operation]));
    // In a notebook a summary, not megabytes of operations (non-enumerable: the data is unchanged).
    showsItself(this, () => serviceDescriptionView(this));
  }

  /** The operation with this id, or undefined. */
  operation(id: string): Operation | undefined {
    return this.#byId.get(id);
  }

  /** The operation with this id; an unknown id throws an error that lists the closest ones. */
  requireOperation(id: string): Operation {
    const found = this.#byId.get(id);
    if (!found) throw new UnknownOperationError(id, closeMatches(id, [...this.#byId.keys()]));
    return found;
  }

  /** The operations a selection names, in the description's order; unknown ids throw. */
  select(selection: OperationSelection): Operation[] {
    if (typeof selection === 'function') return this.operations.filter(selection);
    const wanted = new Set(selection.map((id) => this.requireOperation(id).id));
    return this.operations.filter((operation) => wanted.has(operation.id));
  }

  /**
   * The smallest set of scopes that covers the selected operations: each control-plane operation
   * adds its `x-required-scope`; operations that need none add nothing, and generation operations
   * need the API key, not a scope. Sorted, without duplicates.
   */
  minimumScopes(selection: OperationSelection): string[] {
    const scopes = new Set<string>();
    for (const operation of this.select(selection)) {
      if (operation.requiredScope) scopes.add(operation.requiredScope);
    }
    return [...scopes].sort();
  }

  /**
   * The description as plain JSON with every operation whole (format 1). To save for a fast start,
   * {@link ServiceDescription.save} is smaller and quicker to load.
   */
  toSnapshot(): ServiceSnapshot {
    return {
      snapshotVersion: 1,
      baseUrl: this.baseUrl,
      origin: this.origin,
      discoveredAt: this.discoveredAt,
      surfaces: this.surfaces,
      operations: this.operations,
      scopes: this.scopes,
      ...(this.runbook ? { runbook: this.runbook } : {}),
      ...(this.authorization ? { authorization: this.authorization } : {}),
      mcpServers: this.mcpServers,
      mcpReference: this.mcpReference,
      ...(this.rateLimits ? { rateLimits: this.rateLimits } : {}),
      ...(this.llmsTxt ? { llmsTxt: this.llmsTxt } : {}),
      models: this.models,
      ...(this.deprecationPolicy ? { deprecationPolicy: this.deprecationPolicy } : {}),
      warnings: this.warnings,
      stats: this.stats,
    };
  }

  /**
   * The description in its compact saved form, to load in a function that starts per request with
   * {@link ServiceDescription.fromSnapshot}: each operation kept as text and decoded at its first
   * use, each distinct schema stored once and decoded only when an operation first reads it. With `operations`, only those (and the fetch operations their
   * queued results need) are kept.
   *
   * @example
   * const service = await discover('https://api.example.com');
   * // At build time: only what the application calls.
   * await writeFile('service.json', JSON.stringify(service.save({ operations: ['v7_images_text_to_image'] })));
   * // In the function: nothing fetched, no document parsed.
   * const saved = ServiceDescription.fromSnapshot(JSON.parse(await readFile('service.json', 'utf8')));
   * const session = await connect({ service: saved, apiKey, operations: { all: true } });
   */
  save(options: SaveOptions = {}): SavedServiceDescription {
    const { snapshotVersion: _full, operations: all, ...rest } = this.toSnapshot();
    const kept = options.operations
      ? withFetchOperations(this.select(options.operations), (id) => this.#byId.get(id))
      : undefined;
    const operations = kept ? all.filter((operation) => kept.has(operation.id)) : all;
    return { snapshotVersion: SAVED_FORMAT, ...rest, ...encodeOperations(operations, this.origin) };
  }

  /**
   * The saved form of {@link ServiceDescription.save} as text, laid out so that loading it parses
   * only a small header (each operation and schema stands on a line of its own, decoded at its first
   * use): the quickest start. {@link ServiceDescription.fromSnapshot} reads it as it is.
   *
   * @example
   * // At build time: only what the application calls.
   * await writeFile('service.gentk', service.saveText({ operations: ['v7_images_text_to_image'] }));
   * // In the function: no document fetched or parsed, and the text is not JSON-parsed whole.
   * const saved = ServiceDescription.fromSnapshot(await readFile('service.gentk', 'utf8'));
   */
  saveText(options: SaveOptions = {}): string {
    return savedDescriptionText(this.save(options));
  }

  /** The compact saved form ({@link ServiceDescription.save}): what `JSON.stringify(description)` writes. */
  toJSON(): SavedServiceDescription {
    return this.save();
  }

  /**
   * A description from what {@link ServiceDescription.save} (format 3) or
   * {@link ServiceDescription.toSnapshot} (format 1) wrote, or from text: what
   * {@link ServiceDescription.saveText} wrote, or the JSON of any of them. Checked for the fields
   * every later part relies on. Anything else throws a {@link UsageError} that says what to do; so
   * does an operation whose saved text turns out damaged, when it is first used.
   */
  static fromSnapshot(snapshot: unknown): ServiceDescription {
    const data = (typeof snapshot === 'string' ? savedOrJson(snapshot) : snapshot) as Partial<
      ServiceSnapshot | SavedServiceDescription
    > | null;
    const version: unknown = data?.snapshotVersion;
    refuseNewerFormat(version);
    if (
      (version !== 1 && version !== SAVED_FORMAT) ||
      !Array.isArray(data?.operations) ||
      typeof data.baseUrl !== 'string'
    )
      throw notADescription();
    if (version === 1) return new ServiceDescription(data as ServiceSnapshot);
    const { snapshotVersion: _compact, schemas: _table, ...rest } = data as SavedServiceDescription;
    const origin = typeof rest.origin === 'string' ? rest.origin : new URL(rest.baseUrl).origin;
    return new ServiceDescription({
      ...rest,
      operations: decodeOperations(data, origin),
    });
  }
}

/** The saved description in `text`: the text form, or JSON (undefined when it is neither). */
function savedOrJson(text: string): unknown {
  const saved = savedFromText(text);
  if (saved) return saved;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
