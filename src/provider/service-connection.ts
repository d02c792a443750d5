/**
 * What every model of one provider shares: the service description (discovered once, behind a
 * promise lock, at the first call), one `HttpClient` and so one rate-limit governor and one
 * queue of job slots, and the wire hook. Nothing is read or fetched when the provider is built.
 * @module
 */
import { APICallError, LoadAPIKeyError, LoadSettingError } from '@ai-sdk/provider';
import { loadOptionalSetting, withoutTrailingSlash } from '@ai-sdk/provider-utils';
import type { CallContext } from '../calls/index.js';
import { DiscoveryDocumentError, discover, type ServiceDescription } from '../discovery/index.js';
import { createDownloadPolicy, type DownloadPolicy } from '../http/download-policy.js';
import {
  createDefaultTransport,
  createFetchTransport,
  type FetchFunction,
  HttpClient,
  type Transport,
} from '../http/index.js';
import { VERSION } from '../version.js';
import { createPinnedDownloadFetch } from './pinned-download-fetch.js';
import type { GenerationProviderSettings } from './provider-settings.js';
import { ProviderWire } from './provider-wire.js';

/** The provider's name in model objects, warnings and provider options. */
export const PROVIDER_NAME = 'generation';

/** What a model call works with, once the service is known. */
export interface Connection {
  readonly service: ServiceDescription;
  readonly client: HttpClient;
  readonly wire: ProviderWire;
  readonly context: CallContext;
  /** The fetch used for result downloads, which carry no credential. */
  readonly fetch: FetchFunction;
  /** Where result files may be downloaded from. */
  readonly downloads: DownloadPolicy;
  readonly settings: GenerationProviderSettings;
  /** The time stamped on responses. */
  now(): Date;
}

/** Reads the key now, or throws the SDK's `LoadAPIKeyError` naming the setting and the variable. */
export async function readApiKey(settings: GenerationProviderSettings): Promise<string> {
  const setting = settings.apiKey;
  const value =
    (typeof setting === 'function' ? await setting() : setting) ||
    loadOptionalSetting({ settingValue: undefined, environmentVariableName: 'GENTK_API_KEY' });
  // An empty variable is as missing as an absent one.
  if (!value) {
    throw new LoadAPIKeyError({
      message:
        "The generation service's API key is missing. Pass it as the 'apiKey' setting or set the GENTK_API_KEY environment variable.",
    });
  }
  return value;
}

function readBaseUrl(settings: GenerationProviderSettings): string {
  const value = withoutTrailingSlash(
    settings.baseURL ??
      loadOptionalSetting({ settingValue: undefined, environmentVariableName: 'GENTK_BASE_URL' }),
  );
  if (!value) {
    throw new LoadSettingError({
      message:
        "The generation service's base URL is missing. Pass it as the 'baseURL' setting or set the GENTK_BASE_URL environment variable.",
    });
  }
  return value;
}

async function discoverService(baseUrl: string, settings: GenerationProviderSettings) {
  try {
    return await discover(baseUrl, settings.fetch ? { fetch: settings.fetch } : {});
  } catch (error) {
    if (!DiscoveryDocumentError.isInstance(error)) throw error;
    // The SDK retries what is retryable: an unreachable document may come back, a broken one will not.
    const status = error.status;
    throw new APICallError({
      message: `Could not read the service's description: ${error.message}`,
      url: error.document,
      requestBodyValues: undefined,
      ...(status !== undefined ? { statusCode: status } : {}),
      isRetryable: status === undefined || status === 408 || status === 429 || status >= 500,
      cause: error,
    });
  }
}

/** The lazily opened connection of one provider. */
export class ServiceConnection {
  readonly settings: GenerationProviderSettings;
  #opening: Promise<Connection> | undefined;
  #known: ServiceDescription | undefined;
  #closeTransport: () => Promise<void> = async () => {};

  constructor(settings: GenerationProviderSettings) {
    this.settings = settings;
  }

  /** The service description when it is already known (given, or discovered by an earlier call). */
  get knownService(): ServiceDescription | undefined {
    return this.settings.service ?? this.#known;
  }

  /**
   * The connection, opened at the first call. The key is checked at every call, before anything
   * is sent. A failed discovery is not remembered: the next call tries again.
   */
  async open(): Promise<Connection> {
    await readApiKey(this.settings);
    return this.describe();
  }

  /** The connection without checking the key: discovery needs none. */
  describe(): Promise<Connection> {
    this.#opening ??= this.#connect().catch((error: unknown) => {
      this.#opening = undefined;
      throw error;
    });
    return this.#opening;
  }

  async #connect(): Promise<Connection> {
    const { settings } = this;
    const baseUrl = settings.service?.baseUrl ?? readBaseUrl(settings);
    const service = settings.service ?? (await discoverService(baseUrl, settings));
    this.#known = service;
    const fetch = settings.fetch ?? globalThis.fetch;
    let base: Transport;
    if (settings._internal?.transport) base = settings._internal.transport;
    else if (settings.fetch) base = createFetchTransport(settings.fetch);
    else {
      const builtIn = createDefaultTransport();
      base = builtIn.transport;
      this.#closeTransport = builtIn.close;
    }
    const wire = new ProviderWire(base, fetch);
    const downloads = createDownloadPolicy({
      serviceUrl: service.baseUrl,
      ...(settings.downloadOrigins ? { trustedOrigins: settings.downloadOrigins } : {}),
      ...(settings._internal?.resolveHost ? { resolve: settings._internal.resolveHost } : {}),
    });
    // The user's fetch is theirs to route; the built-in one checks the address it connects to.
    let downloadFetch: FetchFunction = fetch;
    if (!settings.fetch) {
      const pinned = createPinnedDownloadFetch(downloads);
      downloadFetch = pinned.fetch;
      const closeTransport = this.#closeTransport;
      this.#closeTransport = async () => {
        await closeTransport();
        await pinned.close();
      };
    }
    const client = new HttpClient({
      baseUrl: service.baseUrl,
      credentials: { generationKey: () => readApiKey(settings) },
      transport: wire.transport,
      userAgentSuffix: `ai-sdk/${PROVIDER_NAME}/${VERSION}`,
      ...(settings.headers ? { headers: settings.headers } : {}),
      ...(settings.maxResponseBytes !== undefined ? { maxResponseBytes: settings.maxResponseBytes } : {}),
      ...(settings._internal?.clock ? { clock: settings._internal.clock } : {}),
      ...(settings.onWarning ? { onWarning: settings.onWarning } : {}),
      ...(settings.onEvent ? { onEvent: settings.onEvent } : {}),
    });
    const currentDate = settings._internal?.currentDate ?? (() => new Date());
    return {
      service,
      client,
      wire,
      context: { client, service },
      fetch: downloadFetch,
      downloads,
      settings,
      now: currentDate,
    };
  }

  /** Releases the connections of the built-in transport; the provider opens new ones if used again. */
  async close(): Promise<void> {
    const opening = this.#opening;
    this.#opening = undefined;
    if (opening) await opening.catch(() => undefined);
    await this.#closeTransport();
  }
}
