import type { ResultKind } from '../catalogue/types.js';

/** What a successful answer of each result kind holds, in words an LLM can act on. */
export const RESULT_GUIDE: Record<Exclude<ResultKind, 'fetch'>, string> = {
  image: '`output` lists the URLs of the images (v6 image operations also name the list `images`)',
  video: '`output` lists the URLs of the video files, kept for 24 hours: download what you need',
  audio:
    '`output` lists the URLs of the audio files, the first being the main result (some v6 answers add `audio_url`)',
  model3d: '`output` lists the URLs of the 3D model files',
  text: '`text` holds the transcript, caption or lyrics; `output` links a text file',
  upload: '`output[0]` is the URL of the uploaded file, to pass as an input of other operations',
  'chat-v6': '`choices[0].message.content` is the reply; `usage` counts the tokens',
  'chat-openai':
    'an OpenAI `chat.completion`: `choices[0].message.content` is the reply, `usage` counts the tokens',
  'messages-anthropic': 'an Anthropic `message`: `content[0].text` is the reply, `usage` counts the tokens',
  'count-tokens': '`input_tokens` is the number of tokens the messages take',
  'llm-model-list': '`data[].id` are the language models to pass as `model`',
  'model-list': '`data[]` are model records (`model_id`, category, price, billing unit, plans)',
  'voice-list': '`voices[]` are the voices, with the `voice_id` to pass to speech operations',
  training: '`model_id` names the trained or loaded model, usable as `model_id` in generation operations',
  'training-status': '`status` is the state of the training, and `model_id` the model once it succeeded',
  'training-list': '`data[]` are the trainings with their state',
  'training-cancel': '`status: "success"` confirms the cancellation',
  'training-delete': '`status: "success"` confirms the deletion',
  'model-reload': '`status: "success"` confirms that the model is loading',
};
