/**
 * Language models over the service's chat endpoints: the OpenAI-compatible `chat/completions`
 * of v7 (the default) and v8, which stream server-sent events and call tools where the endpoint
 * takes `tools`, and the v6 `llm/chat`, which answers whole (its stream is one faithful chunk).
 * Requests go through the provider's client: the key, the governor, retries and typed errors.
 * @module
 */
import type {
  JSONValue,
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamResult,
} from '@ai-sdk/provider';
import { buildRequest, sendableInput } from '../calls/index.js';
import { chatRequest } from './chat-request.js';
import { readChatAnswer, singleChunkStream } from './chat-response.js';
import { chatStream } from './chat-stream.js';
import { toProviderError } from './errors.js';
import { ModelBinding } from './model-binding.js';
import { type ResolvedChatModel, resolveChatModel } from './model-ids.js';
import { requestHeaders } from './request-headers.js';
import { type Connection, PROVIDER_NAME, type ServiceConnection } from './service-connection.js';

/** Language model ids: a model of the feed, optionally after a chat endpoint's version. */
export type GenerationLanguageModelId =
  | 'llama-3.3-70b'
  | 'llama-3.1-8b'
  | 'mistral-large'
  | 'mistral-small'
  | 'qwen-3-32b'
  | 'deepseek-v3'
  | 'v6/llama-3.3-70b'
  | 'v8/llama-3.3-70b'
  | (string & {});

/**
 * `providerOptions.generation` of a chat call: fields of the endpoint, sent as they are
 * (snake_case), after the SDK's own settings.
 *
 * @example
 * await generateText({
 *   model: generation('llama-3.3-70b'),
 *   prompt: 'Hello',
 *   providerOptions: { generation: { top_k: 40 } },
 * });
 */
export type GenerationLanguageModelOptions = { readonly [field: string]: JSONValue | undefined };

/**
 * A chat answers only when the whole reply is written: an attempt may take far longer than the
 * core's default of 30 s. (A stream's timeout covers only the wait for its first bytes.)
 */
const CHAT_ATTEMPT_TIMEOUT_MS = 180_000;
const CHAT_TOTAL_TIMEOUT_MS = 600_000;

interface Sent {
  readonly body: unknown;
  readonly stream: ReadableStream<Uint8Array> | undefined;
  readonly headers: Record<string, string>;
}

/** A `LanguageModelV4` over one chat endpoint and one model. */
export class GenerationLanguageModel implements LanguageModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = `${PROVIDER_NAME}.chat`;
  readonly modelId: string;
  /** The endpoints take text only: no URL is passed through. */
  readonly supportedUrls: Record<string, RegExp[]> = {};
  readonly #binding: ModelBinding<ResolvedChatModel>;

  constructor(modelId: GenerationLanguageModelId, connection: ServiceConnection) {
    this.modelId = modelId;
    this.#binding = new ModelBinding(connection, (service) => resolveChatModel(modelId, service));
  }

  async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    const { connection, resolved } = await this.#binding.open();
    const request = chatRequest(resolved, options, false);
    const sent = await this.#send(connection, resolved, request.body, options, false);
    const answer = readChatAnswer(sent.body);
    return {
      content: answer.content,
      finishReason: answer.finishReason,
      usage: answer.usage,
      warnings: request.warnings,
      request: { url: resolved.operation.url, body: request.body },
      response: { ...answer.metadata, headers: sent.headers, body: sent.body },
    };
  }

  async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    const { connection, resolved } = await this.#binding.open();
    const request = chatRequest(resolved, options, true);
    const sent = await this.#send(connection, resolved, request.body, options, request.streams);
    const stream = sent.stream
      ? chatStream(sent.stream, {
          warnings: request.warnings,
          includeRawChunks: options.includeRawChunks === true,
          redactor: connection.client.redactor,
        })
      : // The endpoint answered whole (v6, or a service that ignored `stream`).
        singleChunkStream(readChatAnswer(sent.body), request.warnings);
    return {
      stream,
      request: { url: resolved.operation.url, body: request.body },
      response: { headers: sent.headers },
    };
  }

  async #send(
    connection: Connection,
    resolved: ResolvedChatModel,
    body: Record<string, unknown>,
    options: LanguageModelV4CallOptions,
    stream: boolean,
  ): Promise<Sent> {
    const call = connection.wire.call({ stream });
    try {
      const response = await connection.client.request(
        buildRequest(
          resolved.operation,
          sendableInput(resolved.operation, body, connection.client.redactor),
          {
            headers: requestHeaders(options.headers, call.headers),
            timeoutMs: CHAT_ATTEMPT_TIMEOUT_MS,
            totalTimeoutMs: CHAT_TOTAL_TIMEOUT_MS,
            ...(options.abortSignal ? { signal: options.abortSignal } : {}),
          },
        ),
      );
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      // A whole answer is masked here, before anything reads it; a stream, delta by delta.
      return {
        body: connection.client.redactor.maskKnownValue(response.body),
        stream: call.takeStream(),
        headers,
      };
    } catch (error) {
      // A chat queues no job: the SDK may repeat it, as it does for every chat provider.
      throw toProviderError(error, { connection, call, requestBody: body, submission: false });
    } finally {
      call.end();
    }
  }
}
