import type { JsonSchema, ResultKind } from '../catalogue/types.js';

const urls = (description: string): JsonSchema => ({
  type: 'array',
  items: { type: 'string', format: 'uri' },
  description,
});
const success: JsonSchema = { type: 'string', const: 'success', description: 'The work is done.' };
const jobId: JsonSchema = {
  type: ['integer', 'string'],
  description:
    'Identifier of the request: an integer on v6, a string on v7 and v8. Send it back exactly as received.',
};
const generationTime: JsonSchema = { type: 'number', minimum: 0, description: 'Seconds the work took.' };
const meta: JsonSchema = {
  type: 'object',
  additionalProperties: true,
  description: 'The parameters the request was run with (the credential left out).',
};
const usage = (properties: Record<string, string>): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(properties).map(([name, description]) => [
      name,
      { type: 'integer', minimum: 0, description },
    ]),
  ),
});

/** A finished media job: the URLs of its files, in the shape production answers. */
const mediaResult = (
  description: string,
  outputs: string,
  extra: Record<string, JsonSchema> = {},
): JsonSchema => ({
  type: 'object',
  description,
  required: ['status'],
  properties: {
    status: success,
    id: jobId,
    output: urls(outputs),
    proxy_links: urls('Mirrors of `output`, for clients that cannot reach the primary URLs.'),
    ...extra,
    generationTime,
    meta,
  },
});

/**
 * Component schemas of generation answers: the queued answer, the error, and one success shape
 * per result kind. Shapes follow service-facts.md and the production documents; every success
 * shape either has `status: "success"` or required fields of its own, so that `oneOf` with the
 * error and queued shapes always selects exactly one.
 */
export const GENERATION_RESULT_SCHEMAS: Record<string, JsonSchema> = {
  Processing: {
    type: 'object',
    description:
      'The request is queued. Fetch the result with the operation named in this operation\u2019s description (or call `fetch_result`), after about `eta` seconds.',
    required: ['status', 'id'],
    properties: {
      status: { type: 'string', enum: ['processing'], description: 'The work is not finished.' },
      id: jobId,
      eta: { type: 'number', minimum: 0, description: 'Estimated seconds until the result is ready.' },
      message: { type: 'string', description: 'What is happening, for people.' },
      tip: { type: 'string', description: 'Advice on fetching the result.' },
      fetch_result: {
        type: 'string',
        format: 'uri',
        description:
          'Absolute URL that fetches this result, called with the method and key of the fetch operation; prefer it when it is on the same origin.',
      },
      future_links: urls('The URLs the output will have once it is ready.'),
      output: { ...urls('Empty while the work is running.'), maxItems: 0 },
      meta,
    },
  },
  GenerationError: {
    type: 'object',
    description:
      'A failure. The service often sends it with HTTP 200, so read `status`, not only the HTTP code.',
    required: ['status'],
    properties: {
      status: { type: 'string', enum: ['error', 'failed'], description: '`failed`: a queued job failed.' },
      message: { type: 'string', description: 'What went wrong and what to do, for people.' },
      messege: {
        type: 'string',
        deprecated: true,
        description: 'The same as `message`, as some legacy v6 endpoints misspell it.',
      },
      code: {
        type: 'string',
        description: 'Machine-readable reason, e.g. rate_limited or insufficient_credits.',
      },
      retry_after: { type: 'integer', minimum: 0, description: 'Seconds to wait before trying again.' },
    },
  },
  ImageResult: mediaResult('Finished images.', 'URLs of the generated images.', {
    images: urls('The same URLs as `output`, under the name the v6 image operations use.'),
  }),
  VideoResult: mediaResult('A finished video.', 'URLs of the video files; they are kept for 24 hours.'),
  AudioResult: mediaResult('Finished audio.', 'URLs of the audio files; the first is the main result.', {
    audio_url: {
      type: 'string',
      format: 'uri',
      description: 'URL of the audio file (some v6 voice answers).',
    },
  }),
  Model3dResult: mediaResult(
    'A finished 3D model.',
    'URLs of the 3D model files (and of a render when asked for).',
  ),
  TextResult: mediaResult('A finished text result.', 'URL of a text file holding the result.', {
    text: { type: 'string', description: 'The transcript, caption or lyrics.' },
  }),
  UploadResult: mediaResult(
    'An uploaded file.',
    'URL of the uploaded file; pass it as an input of other operations.',
  ),
  V6ChatResult: {
    type: 'object',
    description: 'The reply of a v6 chat.',
    required: ['status', 'choices'],
    properties: {
      status: success,
      id: jobId,
      model: { type: 'string' },
      choices: {
        type: 'array',
        items: {
          type: 'object',
          required: ['message'],
          properties: {
            index: { type: 'integer', minimum: 0 },
            message: {
              type: 'object',
              required: ['content'],
              properties: { role: { type: 'string', const: 'assistant' }, content: { type: 'string' } },
            },
            finish_reason: { type: 'string' },
          },
        },
      },
      usage: usage({
        prompt_tokens: 'Tokens read.',
        completion_tokens: 'Tokens written.',
        total_tokens: 'Both.',
      }),
    },
  },
  ChatCompletion: {
    type: 'object',
    description: 'An OpenAI-compatible chat completion.',
    required: ['object', 'choices'],
    properties: {
      id: { type: 'string' },
      object: { type: 'string', const: 'chat.completion' },
      created: { type: 'integer', description: 'Unix time in seconds.' },
      model: { type: 'string' },
      choices: {
        type: 'array',
        items: {
          type: 'object',
          required: ['index', 'message'],
          properties: {
            index: { type: 'integer', minimum: 0 },
            message: {
              type: 'object',
              required: ['role', 'content'],
              properties: {
                role: { type: 'string', const: 'assistant' },
                content: { type: ['string', 'null'], description: 'null when the model only calls tools.' },
                tool_calls: {
                  type: 'array',
                  description: 'The tools the model calls, with JSON-encoded arguments.',
                  items: {
                    type: 'object',
                    required: ['id', 'type', 'function'],
                    properties: {
                      id: { type: 'string' },
                      type: { type: 'string', const: 'function' },
                      function: {
                        type: 'object',
                        required: ['name', 'arguments'],
                        properties: { name: { type: 'string' }, arguments: { type: 'string' } },
                      },
                    },
                  },
                },
              },
            },
            finish_reason: { type: 'string', enum: ['stop', 'length', 'content_filter', 'tool_calls'] },
          },
        },
      },
      usage: usage({
        prompt_tokens: 'Tokens read.',
        completion_tokens: 'Tokens written.',
        total_tokens: 'Both.',
      }),
    },
  },
  AnthropicMessage: {
    type: 'object',
    description: 'An Anthropic-compatible message.',
    required: ['type', 'content'],
    properties: {
      id: { type: 'string' },
      type: { type: 'string', const: 'message' },
      role: { type: 'string', const: 'assistant' },
      model: { type: 'string' },
      content: {
        type: 'array',
        items: {
          type: 'object',
          required: ['type', 'text'],
          properties: { type: { type: 'string', const: 'text' }, text: { type: 'string' } },
        },
      },
      stop_reason: { type: 'string', enum: ['end_turn', 'max_tokens', 'stop_sequence'] },
      usage: usage({ input_tokens: 'Tokens read.', output_tokens: 'Tokens written.' }),
    },
  },
  TokenCount: {
    type: 'object',
    description: 'The size of a message list.',
    required: ['input_tokens'],
    properties: { input_tokens: { type: 'integer', minimum: 0, description: 'Tokens the messages take.' } },
  },
  LanguageModelList: {
    type: 'object',
    description: 'The language models, in the OpenAI list format.',
    required: ['object', 'data'],
    properties: {
      object: { type: 'string', const: 'list' },
      data: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'string', description: 'Pass it as `model`.' },
            object: { type: 'string', const: 'model' },
            created: { type: 'integer' },
            owned_by: { type: 'string' },
          },
        },
      },
    },
  },
  ModelList: {
    type: 'object',
    description: 'Models of the catalogue, as the model feed lists them.',
    required: ['data'],
    properties: {
      status: success,
      data: {
        type: 'array',
        items: {
          type: 'object',
          required: ['model_id', 'category'],
          properties: {
            model_id: { type: 'string', description: 'Pass it as `model_id`.' },
            name: { type: 'string' },
            category: { type: 'string' },
            provider: { type: 'string' },
            tags: { type: 'array', items: { type: 'string' } },
            price: { type: 'number', minimum: 0, description: 'US dollars per billing unit.' },
            billing_unit: { type: 'string' },
            plans: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    },
  },
  VoiceList: {
    type: 'object',
    description: 'The voices of the account.',
    required: ['status', 'voices'],
    properties: {
      status: success,
      voices: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            voice_id: { type: ['integer', 'string'], description: 'Pass it as `voice_id`.' },
            name: { type: 'string' },
            language: { type: 'string' },
          },
        },
      },
    },
  },
  TrainingResult: {
    type: 'object',
    description: 'A finished training or model load.',
    required: ['status'],
    properties: {
      status: success,
      id: jobId,
      training_id: { ...jobId, description: 'Identifier of the training.' },
      model_id: { type: 'string', description: 'Identifier of the resulting model; pass it as `model_id`.' },
      message: { type: 'string' },
      meta,
    },
  },
  TrainingStatus: {
    type: 'object',
    description:
      'The state of a training: v6 answers `training_id` and `training_status`, v8 answers `id`, `progress` and `created_at`.',
    required: ['status'],
    properties: {
      status: { type: 'string', enum: ['processing', 'success', 'failed', 'cancelled'] },
      id: jobId,
      training_id: jobId,
      training_status: { type: 'string', enum: ['training', 'trained', 'failed', 'cancelled'] },
      base_model: { type: ['string', 'null'] },
      model_id: { type: ['string', 'null'], description: 'The trained model, once `status` is success.' },
      progress: { type: 'number', minimum: 0, maximum: 1, description: 'Share of the work done.' },
      eta: { type: 'number', minimum: 0, description: 'Estimated seconds left.' },
      created_at: { type: 'string', format: 'date-time' },
      fetch_result: { type: 'string', format: 'uri' },
      message: { type: 'string' },
      error: { type: 'string', description: 'Why the training failed.' },
    },
  },
  TrainingList: {
    type: 'object',
    description: 'Trainings of the account: `{status, data}` on v6, `{object: "list", data}` on v8.',
    required: ['data'],
    properties: {
      status: success,
      object: { type: 'string', const: 'list' },
      data: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: jobId,
            training_id: jobId,
            status: { type: 'string', enum: ['processing', 'success', 'failed', 'cancelled'] },
            training_status: { type: 'string', enum: ['training', 'trained', 'failed', 'cancelled'] },
            model_id: { type: ['string', 'null'] },
            created_at: { type: 'string', format: 'date-time' },
          },
        },
      },
    },
  },
  TrainingCancelled: {
    type: 'object',
    description: 'The training was cancelled.',
    required: ['status'],
    properties: { status: success, id: jobId, message: { type: 'string' } },
  },
  TrainingDeleted: {
    type: 'object',
    description: 'The trained model was deleted.',
    required: ['status'],
    properties: { status: success, id: jobId, message: { type: 'string' } },
  },
  ModelReload: {
    type: 'object',
    description: 'The model is being loaded; generation requests for it may queue until it is ready.',
    required: ['status'],
    properties: { status: success, message: { type: 'string' }, eta: { type: 'number', minimum: 0 } },
  },
};

/** The success schema of each result kind (`fetch` answers the kinds of the operations it fetches). */
export const RESULT_SCHEMA_NAME: Record<Exclude<ResultKind, 'fetch'>, string> = {
  image: 'ImageResult',
  video: 'VideoResult',
  audio: 'AudioResult',
  model3d: 'Model3dResult',
  text: 'TextResult',
  upload: 'UploadResult',
  'chat-v6': 'V6ChatResult',
  'chat-openai': 'ChatCompletion',
  'messages-anthropic': 'AnthropicMessage',
  'count-tokens': 'TokenCount',
  'llm-model-list': 'LanguageModelList',
  'model-list': 'ModelList',
  'voice-list': 'VoiceList',
  training: 'TrainingResult',
  'training-status': 'TrainingStatus',
  'training-list': 'TrainingList',
  'training-cancel': 'TrainingCancelled',
  'training-delete': 'TrainingDeleted',
  'model-reload': 'ModelReload',
};
