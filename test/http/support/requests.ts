/** Requests the emulator tests send often. */
import type { HttpRequest } from '../../../src/http/index.js';

/** A synchronous, paid generation call (v7 OpenAI-compatible chat): one request, one answer. */
export const chatRequest = (overrides: Partial<HttpRequest> = {}): HttpRequest => ({
  method: 'POST',
  url: '/api/v7/llm/chat/completions',
  json: { model: 'llama-3.1-8b', messages: [{ role: 'user', content: 'Say hi.' }] },
  credential: { name: 'generationKey', placement: 'bearer' },
  idempotency: 'unsafe',
  operationId: 'v7_llm_chat_completions',
  ...overrides,
});

/** A read of the generation API: the model catalogue. */
export const modelsRequest = (overrides: Partial<HttpRequest> = {}): HttpRequest => ({
  method: 'GET',
  url: '/api/v7/models',
  credential: { name: 'generationKey', placement: 'bearer' },
  idempotency: 'safe',
  ...overrides,
});
