import type { JsonSchema } from './types.js';

const text = (description: string, extra: Record<string, unknown> = {}): JsonSchema => ({
  type: 'string',
  description,
  ...extra,
});
const url = (description: string): JsonSchema => ({ type: 'string', format: 'uri', description });
/**
 * An input file: a URL, or the file's base64 data when the request says `base64: true`, as
 * production's documents allow; so no `uri` format here.
 */
const input = (description: string): JsonSchema => ({ type: 'string', minLength: 1, description });
const integer = (description: string, extra: Record<string, unknown> = {}): JsonSchema => ({
  type: 'integer',
  description,
  ...extra,
});
const number = (description: string, extra: Record<string, unknown> = {}): JsonSchema => ({
  type: 'number',
  description,
  ...extra,
});
const yesNo = (description: string, fallback: 'yes' | 'no'): JsonSchema => ({
  type: 'string',
  enum: ['yes', 'no'],
  default: fallback,
  description,
});
const urls = (description: string, minItems = 1, maxItems = 10): JsonSchema => ({
  type: 'array',
  items: { type: 'string', format: 'uri' },
  minItems,
  maxItems,
  description,
});

const chatMessage: JsonSchema = {
  type: 'object',
  required: ['role', 'content'],
  properties: {
    role: { type: 'string', enum: ['system', 'user', 'assistant'], description: 'Who wrote the message.' },
    content: { type: 'string', description: 'The text of the message.' },
  },
};

/**
 * An OpenAI-compatible message: text, an assistant's tool calls, or a tool's result. Kept terse:
 * every word here is paid for by every agent that loads the tool.
 */
const openaiMessage: JsonSchema = {
  type: 'object',
  required: ['role'],
  properties: {
    role: { type: 'string', enum: ['system', 'user', 'assistant', 'tool'] },
    content: {
      type: ['string', 'null'],
      description: 'The text of the message; null for an assistant message that only calls tools.',
    },
    tool_calls: {
      type: 'array',
      description: 'An assistant\'s calls: {id, type: "function", function: {name, arguments}}.',
      items: { type: 'object' },
    },
    tool_call_id: { type: 'string', description: 'The call a tool message answers.' },
  },
};

const anthropicMessage: JsonSchema = {
  type: 'object',
  required: ['role', 'content'],
  properties: {
    role: { type: 'string', enum: ['user', 'assistant'], description: 'Who wrote the message.' },
    content: {
      description: 'The message text, or a list of content blocks of type text.',
      oneOf: [
        { type: 'string' },
        {
          type: 'array',
          items: {
            type: 'object',
            required: ['type', 'text'],
            properties: { type: { type: 'string', const: 'text' }, text: { type: 'string' } },
          },
        },
      ],
    },
  },
};

const LANGUAGES = [
  'english',
  'spanish',
  'french',
  'german',
  'italian',
  'portuguese',
  'japanese',
  'chinese',
  'hindi',
];

/**
 * Every request field of the generation API, once. Operations name the fields they take; a name
 * with `@variant` publishes under the part before the `@` (e.g. `output_format@3d` is the
 * `output_format` of 3D operations).
 */
export const FIELDS = {
  key: text('Your generation API key. Alternatively send it as `Authorization: Bearer <key>`.'),
  prompt: text('Text description of what to generate.', { minLength: 1, maxLength: 4000 }),
  'prompt@edit': text('Instruction describing the change to make to the image.', {
    minLength: 1,
    maxLength: 2000,
  }),
  'prompt@voice': text('The text to speak.', { minLength: 1, maxLength: 5000 }),
  'prompt@voice-design': text('Description of the voice to design (age, accent, tone).', {
    minLength: 1,
    maxLength: 1000,
  }),
  negative_prompt: text('What the result should avoid.', { maxLength: 2000 }),
  model_id: text('Identifier of the model to use (see the model feed).', { maxLength: 200 }),
  model: text('Identifier of the language model to use.', { minLength: 1, maxLength: 200 }),
  width: integer('Width of the output in pixels.', { minimum: 256, maximum: 1536, default: 512 }),
  height: integer('Height of the output in pixels.', { minimum: 256, maximum: 1536, default: 512 }),
  samples: integer('Number of images to generate.', { minimum: 1, maximum: 4, default: 1 }),
  num_inference_steps: integer('Number of denoising steps; more is slower and finer.', {
    minimum: 1,
    maximum: 50,
    default: 30,
  }),
  guidance_scale: number('How closely to follow the prompt.', { minimum: 1, maximum: 20, default: 7.5 }),
  enhance_prompt: yesNo('Let the service rewrite the prompt for better results.', 'yes'),
  safety_checker: yesNo('Filter unsafe results.', 'yes'),
  seed: integer('Random seed for reproducible results; omit for a random one.', { minimum: 0 }),
  webhook: { ...url('Address the service POSTs the final result to.'), type: ['string', 'null'] },
  track_id: {
    type: ['string', 'null'],
    maxLength: 200,
    description: 'Your identifier for this request, echoed in the webhook call.',
  },
  init_image: input('URL of the input image.'),
  mask_image: input('URL of a black-and-white mask; white marks the region to change.'),
  target_image: input('URL of the image whose face is replaced.'),
  reference_image: input('URL of an image showing the face to use.'),
  face_image: input('URL of a photo of the face.'),
  cloth_image: input('URL of a photo of the garment.'),
  cloth_type: text('Kind of garment.', {
    enum: ['upper_body', 'lower_body', 'dresses'],
    default: 'upper_body',
  }),
  init_images: urls('URLs of the images to combine.', 2, 5),
  object_image: input('URL of an image of the object or style to bring in.'),
  object_name: text('Name of the object to remove, for example "sofa".', { minLength: 1, maxLength: 100 }),
  strength: number('How much the input may change: 0 keeps it, 1 ignores it.', {
    minimum: 0,
    maximum: 1,
    default: 0.7,
  }),
  scale: integer('Upscaling factor.', { enum: [2, 3, 4], default: 2 }),
  face_enhance: { type: 'boolean', default: false, description: 'Also restore faces.' },
  controlnet_model: text('ControlNet model to condition on.', {
    enum: ['canny', 'depth', 'openpose', 'scribble', 'softedge'],
    default: 'canny',
  }),
  init_video: input('URL of the input video.'),
  // The spec types init_audio "string or null", like webhook and track_id.
  init_audio: { ...input('URL of the input audio (WAV or MP3).'), type: ['string', 'null'] },
  'init_audio@base64': text('Base64 audio as a data URI (data:audio/wav;base64,...).', {
    minLength: 16,
    type: ['string', 'null'],
  }),
  init_obj: text('Base64 file as a data URI (data:<media type>;base64,...).', { minLength: 16 }),
  target_audio: input('URL of audio in the target voice.'),
  background_audio: input('URL of background audio to mix under the speech.'),
  num_frames: integer('Number of frames of the video.', { minimum: 8, maximum: 240, default: 48 }),
  fps: integer('Frames per second.', { minimum: 8, maximum: 60, default: 16 }),
  duration: integer('Length of the result in seconds.', { minimum: 1, maximum: 180, default: 10 }),
  'duration@video': integer('Length of the video in seconds.', { minimum: 2, maximum: 10, default: 5 }),
  resolution: text('Output resolution.', { enum: ['480p', '720p', '1080p'], default: '720p' }),
  'resolution@3d': integer('Resolution of the 3D model.', { minimum: 128, maximum: 512, default: 256 }),
  aspect_ratio: text('Aspect ratio of the output.', {
    enum: ['1:1', '16:9', '9:16', '4:3', '3:4'],
    default: '1:1',
  }),
  output_format: text('Audio format of the result.', { enum: ['mp3', 'wav'], default: 'mp3' }),
  'output_format@3d': text('File format of the 3D model.', {
    enum: ['glb', 'obj', 'stl', 'ply'],
    default: 'glb',
  }),
  'output_format@image': text('Image format of the result.', {
    enum: ['png', 'jpeg', 'webp'],
    default: 'png',
  }),
  render: { type: 'boolean', default: false, description: 'Also render a turntable video of the model.' },
  scenes: {
    type: 'array',
    minItems: 1,
    maxItems: 8,
    description: 'The images to connect, in order.',
    items: {
      type: 'object',
      required: ['img_url'],
      properties: {
        img_url: { type: 'string', format: 'uri', description: 'URL of the scene image.' },
        start_frame_index: { type: 'integer', minimum: 0, description: 'Frame at which the scene starts.' },
      },
    },
  },
  language: text('Language of the speech, by name or ISO 639-1 code.', {
    default: 'english',
    examples: LANGUAGES,
  }),
  voice_id: {
    type: ['integer', 'string'],
    description:
      'A voice from the voice list: its number, or its name as production documents it (e.g. "madison").',
  },
  speaker: text('Name of a voice, the alternative to voice_id.', { maxLength: 100 }),
  speed: number('Speaking rate; 1.0 is neutral.', { minimum: 0.5, maximum: 2, default: 1 }),
  emotion: text('Emotion of the delivery.', {
    enum: ['neutral', 'happy', 'sad', 'angry'],
    default: 'neutral',
  }),
  lyrics: text('Lyrics of the song.', { minLength: 1, maxLength: 3000 }),
  text: text('Sample sentence spoken in the designed voice.', { maxLength: 500 }),
  source_lang: text('Language spoken in the input, ISO 639-1 code.', { default: 'en' }),
  output_lang: text('Language to dub into, ISO 639-1 code.', { minLength: 2, maxLength: 5 }),
  name: text('A name for the uploaded voice.', { minLength: 1, maxLength: 100 }),
  timestamp_level: text('Granularity of timestamps in the transcript.', { enum: ['word', 'sentence'] }),
  start_time: number('Start of the section to replace, in seconds.', { minimum: 0 }),
  end_time: number('End of the section to replace, in seconds.', { minimum: 0 }),
  messages: {
    type: 'array',
    minItems: 1,
    maxItems: 200,
    description: 'The conversation so far, oldest first.',
    items: chatMessage,
  },
  'messages@openai': {
    type: 'array',
    minItems: 1,
    maxItems: 200,
    description: 'The conversation so far, oldest first.',
    items: openaiMessage,
  },
  'messages@anthropic': {
    type: 'array',
    minItems: 1,
    maxItems: 200,
    description: 'The conversation so far, oldest first, alternating user and assistant.',
    items: anthropicMessage,
  },
  system: text('System prompt.', { maxLength: 20000 }),
  max_tokens: integer('Upper bound on the tokens of the reply.', { minimum: 1, maximum: 8192 }),
  temperature: number('Sampling temperature.', { minimum: 0, maximum: 2, default: 1 }),
  top_p: number('Nucleus sampling probability mass.', { minimum: 0, maximum: 1, default: 1 }),
  stream: { type: 'boolean', default: false, description: 'Stream the reply as server-sent events.' },
  stop: {
    type: 'array',
    items: { type: 'string' },
    maxItems: 4,
    description: 'Sequences that end the reply.',
  },
  tools: {
    type: 'array',
    maxItems: 128,
    description: 'Functions the model may call.',
    items: {
      type: 'object',
      required: ['type', 'function'],
      properties: {
        type: { type: 'string', const: 'function' },
        function: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', minLength: 1 },
            description: { type: 'string' },
            parameters: { type: 'object', description: 'JSON Schema of the arguments.' },
          },
        },
      },
    },
  },
  tool_choice: {
    description:
      'Whether to call a tool: `none`, `auto` (the default), `required`, or {type: "function", function: {name}}.',
    oneOf: [{ type: 'string', enum: ['none', 'auto', 'required'] }, { type: 'object' }],
  },
  instance_prompt: text('Prompt that names the trained subject, e.g. "photo of sks person".', {
    minLength: 1,
    maxLength: 500,
  }),
  class_prompt: text('Prompt for the general class of the subject, e.g. "photo of a person".', {
    maxLength: 500,
  }),
  images: urls('URLs of the training images.', 3, 30),
  training_type: text('What the images show.', { enum: ['men', 'women', 'couple', 'object', 'style'] }),
  max_train_steps: integer('Number of training steps.', { minimum: 100, maximum: 4000, default: 1000 }),
  url: url('URL of the model weights to load.'),
  model_name: text('Name to give the loaded model.', { minLength: 1, maxLength: 100 }),
  model_type: text('Kind of model.', { enum: ['checkpoint', 'lora', 'embeddings'], default: 'checkpoint' }),
  base_model: text('Identifier of the model to fine-tune.', { minLength: 1, maxLength: 200 }),
  training_data: urls('URLs of the training images or data files.', 3, 50),
  steps: integer('Number of training steps.', { minimum: 100, maximum: 4000, default: 1000 }),
  learning_rate: number('Learning rate.', { exclusiveMinimum: 0, maximum: 0.01, default: 0.0001 }),
  request_id: text('Identifier of the queued request, as returned by the call that queued it.', {
    minLength: 1,
  }),
  category: text('Only models of this category.', {
    enum: ['image', 'video', 'audio', '3d', 'llm', 'image-editing', 'training'],
  }),
  search: text('Free text to match against model names.', { maxLength: 200 }),
  page: integer('Page number, from 1.', { minimum: 1, default: 1 }),
  limit: integer('Largest number of items to return.', { minimum: 1, maximum: 100, default: 20 }),
  status: text('Only jobs in this state.', { enum: ['processing', 'success', 'failed', 'cancelled'] }),
} satisfies Record<string, JsonSchema>;

export type FieldName = keyof typeof FIELDS;

/** The name a field is published under: the part before any `@variant`. */
export function publishedName(field: string): string {
  const at = field.indexOf('@');
  return at === -1 ? field : field.slice(0, at);
}
