import type { FieldName } from './fields.js';
import type {
  FetchStyle,
  GenerationCategory,
  GenerationOperation,
  GenerationVersion,
  KeyPlacement,
  OperationMode,
  ResultKind,
} from './types.js';

/** What an operation takes and gives, shared by many operations. */
interface Preset {
  readonly required: readonly FieldName[];
  readonly optional?: readonly FieldName[];
  readonly result: ResultKind;
  readonly mode?: OperationMode;
  readonly query?: readonly FieldName[];
}

const IMAGE_TUNING: FieldName[] = ['negative_prompt', 'width', 'height', 'samples', 'num_inference_steps'];

/** Presets by name. Field lists follow the spec's field table and the production documents. */
const PRESETS = {
  text2img: {
    required: ['prompt'],
    optional: [...IMAGE_TUNING, 'model_id', 'guidance_scale', 'enhance_prompt', 'safety_checker', 'seed'],
    result: 'image',
  },
  img2img: {
    required: ['prompt', 'init_image'],
    optional: [...IMAGE_TUNING, 'model_id', 'guidance_scale', 'strength', 'seed'],
    result: 'image',
  },
  inpaint: {
    required: ['prompt', 'init_image', 'mask_image'],
    optional: [...IMAGE_TUNING, 'model_id', 'guidance_scale', 'strength', 'seed'],
    result: 'image',
  },
  controlnet: {
    required: ['prompt', 'init_image'],
    optional: ['controlnet_model', ...IMAGE_TUNING, 'model_id', 'guidance_scale', 'seed'],
    result: 'image',
  },
  realtimeText2img: {
    required: ['prompt'],
    optional: [...IMAGE_TUNING, 'enhance_prompt', 'safety_checker', 'seed'],
    result: 'image',
  },
  realtimeImg2img: {
    required: ['prompt', 'init_image'],
    optional: [...IMAGE_TUNING, 'strength', 'seed'],
    result: 'image',
  },
  realtimeInpaint: {
    required: ['prompt', 'init_image', 'mask_image'],
    optional: [...IMAGE_TUNING, 'strength', 'seed'],
    result: 'image',
  },
  modelReload: { required: ['model_id'], result: 'model-reload', mode: 'sync' },
  modernText2img: {
    required: ['model_id', 'prompt'],
    optional: [
      'negative_prompt',
      'width',
      'height',
      'aspect_ratio',
      'samples',
      'seed',
      'output_format@image',
    ],
    result: 'image',
  },
  modernImg2img: {
    required: ['model_id', 'prompt', 'init_image'],
    optional: ['negative_prompt', 'strength', 'width', 'height', 'samples', 'seed'],
    result: 'image',
  },
  modernInpaint: {
    required: ['model_id', 'prompt', 'init_image', 'mask_image'],
    optional: ['negative_prompt', 'strength', 'seed'],
    result: 'image',
  },
  outpaint: { required: ['init_image'], optional: ['prompt', 'width', 'height', 'seed'], result: 'image' },
  upscale: { required: ['init_image'], optional: ['scale', 'face_enhance'], result: 'image' },
  imageOnly: { required: ['init_image'], result: 'image' },
  caption: { required: ['init_image'], result: 'text' },
  faceGen: {
    required: ['prompt', 'face_image'],
    optional: ['negative_prompt', 'width', 'height', 'samples'],
    result: 'image',
  },
  fashion: { required: ['init_image', 'cloth_image'], optional: ['cloth_type', 'prompt'], result: 'image' },
  instructEdit: { required: ['init_image', 'prompt@edit'], optional: ['seed'], result: 'image' },
  headshot: { required: ['face_image'], optional: ['prompt', 'negative_prompt'], result: 'image' },
  imgMixer: { required: ['init_images'], optional: ['prompt', 'width', 'height'], result: 'image' },
  maskCreator: { required: ['init_image', 'prompt'], result: 'image' },
  maskedRemoval: { required: ['init_image', 'mask_image'], result: 'image' },
  editInpaint: {
    required: ['init_image', 'mask_image', 'prompt'],
    optional: ['negative_prompt'],
    result: 'image',
  },
  upload: { required: ['init_obj'], result: 'upload', mode: 'sync' },
  uploadAudio: { required: ['init_audio@base64'], result: 'upload', mode: 'sync' },
  faceSwap: { required: ['init_image', 'target_image'], result: 'image' },
  multiFaceSwap: { required: ['init_image', 'target_image'], optional: ['reference_image'], result: 'image' },
  videoFaceSwap: { required: ['init_image', 'init_video'], result: 'video' },
  specificVideoFaceSwap: { required: ['init_image', 'init_video', 'reference_image'], result: 'video' },
  interiorPrompted: {
    required: ['init_image', 'prompt'],
    optional: ['negative_prompt', 'strength', 'seed'],
    result: 'image',
  },
  interiorOptionalPrompt: { required: ['init_image'], optional: ['prompt'], result: 'image' },
  interiorObjectRemoval: { required: ['init_image', 'object_name'], result: 'image' },
  interiorMixer: { required: ['init_image', 'object_image'], optional: ['prompt'], result: 'image' },
  text2video: {
    required: ['prompt'],
    optional: [
      'negative_prompt',
      'model_id',
      'width',
      'height',
      'num_frames',
      'num_inference_steps',
      'guidance_scale',
      'fps',
      'seed',
    ],
    result: 'video',
  },
  text2videoUltra: {
    required: ['prompt'],
    optional: [
      'negative_prompt',
      'model_id',
      'resolution',
      'num_frames',
      'num_inference_steps',
      'fps',
      'seed',
    ],
    result: 'video',
  },
  img2video: {
    required: ['init_image'],
    optional: ['prompt', 'negative_prompt', 'model_id', 'width', 'height', 'num_frames', 'fps', 'seed'],
    result: 'video',
  },
  img2videoUltra: {
    required: ['prompt', 'init_image'],
    optional: ['negative_prompt', 'model_id', 'resolution', 'num_frames', 'fps', 'seed'],
    result: 'video',
  },
  video2video: {
    required: ['init_image', 'init_video'],
    optional: ['prompt', 'resolution', 'num_inference_steps'],
    result: 'video',
  },
  videoOnly: { required: ['init_video'], result: 'video' },
  sceneMaker: {
    required: ['scenes', 'prompt'],
    optional: ['negative_prompt', 'width', 'height', 'num_frames', 'seed'],
    result: 'video',
  },
  modernText2video: {
    required: ['model_id', 'prompt'],
    optional: ['negative_prompt', 'duration@video', 'resolution', 'aspect_ratio', 'seed'],
    result: 'video',
  },
  modernImg2video: {
    required: ['model_id', 'init_image'],
    optional: ['prompt', 'duration@video', 'resolution', 'seed'],
    result: 'video',
  },
  modernVideo2video: {
    required: ['model_id', 'init_video', 'prompt'],
    optional: ['strength', 'seed'],
    result: 'video',
  },
  lipSync: { required: ['init_video', 'init_audio'], optional: ['model_id'], result: 'video' },
  motionControl: {
    required: ['init_image', 'init_video'],
    optional: ['prompt', 'model_id'],
    result: 'video',
  },
  videoExtend: { required: ['init_video'], optional: ['prompt', 'duration@video'], result: 'video' },
  videoUpscale: { required: ['init_video'], optional: ['resolution'], result: 'video' },
  textToAudio: {
    required: ['prompt@voice'],
    optional: ['language', 'voice_id', 'speaker', 'init_audio', 'output_format', 'speed', 'emotion'],
    result: 'audio',
  },
  textToAudioWithSound: {
    required: ['prompt@voice'],
    optional: ['background_audio', 'language', 'speaker', 'voice_id', 'output_format', 'speed'],
    result: 'audio',
  },
  voiceClone: {
    required: ['init_audio', 'prompt@voice'],
    optional: ['language', 'output_format', 'speed'],
    result: 'audio',
  },
  textToSpeech: {
    required: ['prompt@voice'],
    optional: ['voice_id', 'speaker', 'language', 'speed', 'emotion', 'output_format'],
    result: 'audio',
  },
  /** v6 text_to_speech as production documents it: a voice and a language are required. */
  textToSpeechLegacy: {
    required: ['prompt@voice', 'voice_id', 'language'],
    optional: ['speed', 'emotion', 'output_format'],
    result: 'audio',
  },
  speechToText: { required: ['init_audio'], optional: ['language', 'timestamp_level'], result: 'text' },
  voiceToVoice: { required: ['init_audio', 'target_audio'], optional: ['output_format'], result: 'audio' },
  speechToSpeech: { required: ['init_audio', 'voice_id'], optional: ['output_format'], result: 'audio' },
  voiceCover: { required: ['init_audio', 'model_id'], optional: ['output_format'], result: 'audio' },
  music: { required: ['prompt'], optional: ['duration', 'init_audio', 'output_format'], result: 'audio' },
  soundEffects: { required: ['prompt'], optional: ['duration', 'output_format'], result: 'audio' },
  song: {
    required: [],
    optional: ['lyrics', 'prompt', 'init_audio', 'duration', 'output_format'],
    result: 'audio',
  },
  lyrics: { required: ['prompt'], result: 'text' },
  /** Either input will do: production documents both as optional. */
  vocalIsolator: { required: [], optional: ['init_audio', 'init_video'], result: 'audio' },
  voiceDesign: { required: ['prompt@voice-design'], optional: ['text'], result: 'audio' },
  dubbing: { required: ['init_video', 'output_lang'], optional: ['source_lang'], result: 'video' },
  voiceUpload: { required: ['init_audio', 'name'], optional: ['language'], result: 'audio' },
  voiceList: { required: [], result: 'voice-list', mode: 'sync' },
  songExtender: { required: ['init_audio'], optional: ['prompt', 'duration'], result: 'audio' },
  songInpaint: {
    required: ['init_audio', 'start_time', 'end_time'],
    optional: ['prompt', 'lyrics'],
    result: 'audio',
  },
  text23d: {
    required: ['prompt'],
    optional: [
      'negative_prompt',
      'resolution@3d',
      'output_format@3d',
      'render',
      'guidance_scale',
      'num_inference_steps',
      'seed',
    ],
    result: 'model3d',
  },
  image23d: {
    required: ['init_image'],
    optional: ['resolution@3d', 'output_format@3d', 'render', 'seed'],
    result: 'model3d',
  },
  loraFineTune: {
    required: ['instance_prompt', 'images'],
    optional: ['class_prompt', 'base_model', 'training_type', 'max_train_steps'],
    result: 'training',
  },
  loadModel: { required: ['url', 'model_name'], optional: ['model_type'], result: 'training' },
  trainingStatus: { required: [], result: 'training-status', mode: 'sync' },
  trainingCancel: { required: [], result: 'training-cancel', mode: 'sync' },
  trainingDelete: { required: [], result: 'training-delete', mode: 'sync' },
  trainingList: { required: [], result: 'training-list', mode: 'sync' },
  publicModelList: { required: [], result: 'model-list', mode: 'sync' },
  trainingCreate: {
    required: ['base_model', 'training_data'],
    optional: ['model_name', 'steps', 'learning_rate'],
    result: 'training',
  },
  trainingJobs: { required: [], result: 'training-list', mode: 'sync', query: ['status', 'limit'] },
  chatV6: {
    required: ['model', 'messages'],
    optional: ['max_tokens', 'temperature'],
    result: 'chat-v6',
    mode: 'sync',
  },
  chatUncensored: {
    required: ['messages'],
    optional: ['model', 'max_tokens', 'temperature'],
    result: 'chat-v6',
    mode: 'sync',
  },
  chatOpenai: {
    required: ['messages@openai'],
    optional: ['model', 'max_tokens', 'temperature', 'top_p', 'stop', 'stream', 'tools', 'tool_choice'],
    result: 'chat-openai',
    mode: 'sync',
  },
  messagesAnthropic: {
    required: ['model', 'messages@anthropic', 'max_tokens'],
    optional: ['system', 'temperature', 'stop', 'stream'],
    result: 'messages-anthropic',
    mode: 'sync',
  },
  countTokens: {
    required: ['model', 'messages@anthropic'],
    optional: ['system'],
    result: 'count-tokens',
    mode: 'sync',
  },
  llmModels: { required: [], result: 'llm-model-list', mode: 'sync' },
  modelCatalogue: {
    required: [],
    result: 'model-list',
    mode: 'sync',
    query: ['category', 'search', 'page', 'limit'],
  },
} satisfies Record<string, Preset>;

type PresetName = keyof typeof PRESETS;

interface Family {
  readonly prefix: string;
  readonly category: GenerationCategory;
  /** Fetch path relative to the prefix, and its style; absent for families without queued jobs. */
  readonly fetch?: { readonly suffix: string; readonly style: FetchStyle; readonly summary: string };
  readonly keyPlacement: KeyPlacement;
  /** Price of one asynchronous or generating call in credits. */
  readonly price: number;
  /** [suffix, summary, preset, extra]: the operations of the family, in catalogue order. */
  readonly operations: ReadonlyArray<
    readonly [
      string,
      string,
      PresetName,
      { method?: 'GET'; notes?: string; deprecated?: boolean; keyPlacement?: KeyPlacement }?,
    ]
  >;
}

const V6_FETCH_NOTE = 'fetch body carries request_id';

/** The families of the generation API, in the order of operations.json. */
const FAMILIES: readonly Family[] = [
  {
    prefix: '/api/v6/3d',
    category: '3d',
    keyPlacement: 'body',
    price: 0.15,
    fetch: { suffix: 'fetch/{id}', style: 'path', summary: 'Fetch a queued 3D result' },
    operations: [
      ['text_to_3d', 'Generate a 3D object from text', 'text23d'],
      ['image_to_3d', 'Generate a 3D object from an image', 'image23d'],
      ['base64_to_url', 'Upload a base64 3D object and get a URL', 'upload'],
    ],
  },
  {
    prefix: '/api/v6/faceswap',
    category: 'faceswap',
    keyPlacement: 'body',
    price: 0.03,
    fetch: { suffix: 'fetch/{id}', style: 'path', summary: 'Fetch a queued face swap result' },
    operations: [
      ['single_face_swap', 'Swap one face in an image', 'faceSwap'],
      ['multiple_face_swap', 'Swap several faces in an image', 'multiFaceSwap'],
      ['single_video_swap', 'Swap a face in a video', 'videoFaceSwap'],
      ['specific_video_swap', 'Swap a specific face in a video', 'specificVideoFaceSwap'],
    ],
  },
  {
    prefix: '/api/v6/image_editing',
    category: 'image-editing',
    keyPlacement: 'body',
    price: 0.01,
    fetch: { suffix: 'fetch/{id}', style: 'path', summary: 'Fetch a queued image-editing result' },
    operations: [
      ['removebg_mask', 'Remove the background and create a mask', 'imageOnly'],
      ['super_resolution', 'Upscale an image', 'upscale'],
      ['face_enhance', 'Enhance faces in an image', 'imageOnly'],
      ['caption', 'Caption an image', 'caption'],
      ['face_gen', 'Generate faces', 'faceGen'],
      ['fashion', 'Fashion try-on', 'fashion'],
      ['qwen_edit', 'Edit an image from an instruction', 'instructEdit'],
      ['flux_headshot', 'Generate a headshot (Flux)', 'headshot'],
      ['head_shot', 'Generate a headshot', 'headshot'],
      ['img_mixer', 'Mix images', 'imgMixer'],
      ['inpaint', 'Inpaint a masked region', 'editInpaint'],
      ['outpaint', 'Extend an image beyond its borders', 'outpaint'],
      ['mask_creator', 'Create a mask from a prompt', 'maskCreator'],
      ['object_removal', 'Remove an object from an image', 'maskedRemoval'],
      ['base64_to_url', 'Upload a base64 image and get a URL', 'upload'],
    ],
  },
  {
    prefix: '/api/v6/images',
    category: 'image',
    keyPlacement: 'body',
    price: 0.02,
    fetch: { suffix: 'fetch', style: 'body', summary: 'Fetch queued images (body: key, request_id)' },
    operations: [
      ['text2img', 'Generate images from text', 'text2img', { notes: V6_FETCH_NOTE }],
      ['img2img', 'Generate images from an image', 'img2img', { notes: V6_FETCH_NOTE }],
      ['inpaint', 'Inpaint parts of an image', 'inpaint', { notes: V6_FETCH_NOTE }],
      ['controlnet', 'Generate images with ControlNet', 'controlnet', { notes: V6_FETCH_NOTE }],
      ['model_reload', 'Reload an idle image model', 'modelReload'],
    ],
  },
  {
    prefix: '/api/v6/realtime',
    category: 'image',
    keyPlacement: 'both',
    price: 0.01,
    fetch: { suffix: 'fetch/{id}', style: 'path', summary: 'Fetch a queued real-time result' },
    operations: [
      [
        'text2img',
        'Generate images from text in real time',
        'realtimeText2img',
        { notes: 'usually finishes inside the call; Authorization header' },
      ],
      ['img2img', 'Generate images from an image in real time', 'realtimeImg2img'],
      ['inpaint', 'Inpaint in real time', 'realtimeInpaint'],
    ],
  },
  {
    prefix: '/api/v6/training',
    category: 'training',
    keyPlacement: 'body',
    price: 1,
    operations: [
      ['lora_fine_tune', 'Train a LoRA model on custom images', 'loraFineTune'],
      ['fine_tune_status/{training_id}', "Get a training's status", 'trainingStatus'],
      ['cancel_training/{training_id}', 'Cancel a training', 'trainingCancel'],
      ['delete/{training_id}', 'Delete a trained model', 'trainingDelete'],
      ['finetune_list', 'List trained models', 'trainingList'],
      ['model_list', 'List public models', 'publicModelList'],
      ['load_model', 'Load a model from a URL', 'loadModel'],
    ],
  },
  {
    prefix: '/api/v6/interior',
    category: 'interior',
    keyPlacement: 'body',
    price: 0.02,
    fetch: { suffix: 'fetch/{id}', style: 'path', summary: 'Fetch a queued interior result' },
    operations: [
      ['make', 'Create an interior design', 'interiorPrompted'],
      ['floor_planning', 'Generate a floor plan', 'interiorOptionalPrompt'],
      ['room_decorator', 'Decorate a room', 'interiorPrompted'],
      ['scenario_changer', "Change a scene's scenario", 'interiorPrompted'],
      ['sketch_rendering', 'Render a sketch', 'interiorPrompted'],
      ['exterior_restorer', 'Restore an exterior', 'interiorOptionalPrompt'],
      ['object_removal', 'Remove an object from a room photo', 'interiorObjectRemoval'],
      ['interior_mixer', 'Mix interior styles', 'interiorMixer'],
    ],
  },
  {
    prefix: '/api/v6/llm',
    category: 'llm',
    keyPlacement: 'both',
    price: 0.001,
    operations: [
      ['chat', 'Chat with a language model (Authorization header)', 'chatV6'],
      ['uncensored_chat', 'Chat with an uncensored language model', 'chatUncensored'],
    ],
  },
  {
    prefix: '/api/v6/video',
    category: 'video',
    keyPlacement: 'body',
    price: 0.2,
    fetch: { suffix: 'fetch/{id}', style: 'path', summary: 'Fetch a queued video' },
    operations: [
      ['text2video', 'Generate a video from text', 'text2video'],
      ['text2video_ultra', 'Generate an HD video from text', 'text2videoUltra'],
      ['img2video', 'Generate a video from an image', 'img2video'],
      ['img2video_ultra', 'Generate an HD video from an image', 'img2videoUltra'],
      ['video2video', 'Generate a video from a video', 'video2video'],
      ['watermark_remover', 'Remove a watermark from a video', 'videoOnly'],
      [
        'scene_maker',
        'Create transitions between images',
        'sceneMaker',
        { notes: 'deprecated operation', deprecated: true },
      ],
      ['base64_to_url', 'Upload a base64 video and get a URL', 'upload'],
    ],
  },
  {
    prefix: '/api/v6/voice',
    category: 'audio',
    keyPlacement: 'body',
    price: 0.01,
    fetch: { suffix: 'fetch', style: 'body', summary: 'Fetch a queued voice result (body: key, request_id)' },
    operations: [
      ['text_to_audio', 'Speak text in a chosen or cloned voice', 'textToAudio', { notes: V6_FETCH_NOTE }],
      [
        'text_to_audio_with_sound',
        'Speak text over background audio',
        'textToAudioWithSound',
        { notes: V6_FETCH_NOTE },
      ],
      ['voice_clone', 'Clone a voice from an audio sample', 'voiceClone', { notes: V6_FETCH_NOTE }],
      ['text_to_speech', 'Convert text to speech', 'textToSpeechLegacy', { notes: V6_FETCH_NOTE }],
      ['speech_to_text', 'Transcribe speech', 'speechToText', { notes: V6_FETCH_NOTE }],
      ['voice_to_voice', 'Convert one voice into another', 'voiceToVoice', { notes: V6_FETCH_NOTE }],
      ['voice_cover', 'Re-sing audio in another voice', 'voiceCover', { notes: V6_FETCH_NOTE }],
      ['music_gen', 'Generate music from text', 'music', { notes: V6_FETCH_NOTE }],
      ['sfx', 'Generate sound effects from text', 'soundEffects', { notes: V6_FETCH_NOTE }],
      ['song_generator', 'Generate a song from lyrics', 'song', { notes: V6_FETCH_NOTE }],
      ['lyrics_generator', 'Generate lyrics from a prompt', 'lyrics', { notes: V6_FETCH_NOTE }],
      ['vocal_isolator', 'Isolate vocals from audio', 'vocalIsolator', { notes: V6_FETCH_NOTE }],
      ['voice_design', 'Design a custom voice', 'voiceDesign', { notes: V6_FETCH_NOTE }],
      ['create_dubbing', 'Dub a video into another language', 'dubbing', { notes: V6_FETCH_NOTE }],
      ['voice_upload', 'Upload a voice sample', 'voiceUpload', { notes: V6_FETCH_NOTE }],
      ['voice_list', 'List uploaded voices', 'voiceList'],
      ['base64_to_url', 'Upload base64 audio and get a URL', 'uploadAudio'],
    ],
  },
  {
    prefix: '/api/v7/images',
    category: 'image',
    keyPlacement: 'both',
    price: 0.02,
    fetch: { suffix: 'fetch/{id}', style: 'path', summary: 'Fetch queued images' },
    operations: [
      ['text-to-image', 'Generate images from text', 'modernText2img'],
      ['image-to-image', 'Generate images from an image', 'modernImg2img'],
      ['inpaint', 'Inpaint an image', 'modernInpaint'],
    ],
  },
  {
    prefix: '/api/v7/video-fusion',
    category: 'video',
    keyPlacement: 'both',
    price: 0.25,
    fetch: { suffix: 'fetch/{id}', style: 'path', summary: 'Fetch a queued video' },
    operations: [
      ['text-to-video', 'Generate a video from text', 'modernText2video'],
      ['image-to-video', 'Generate a video from an image', 'modernImg2video'],
      ['video-to-video', 'Restyle a video', 'modernVideo2video'],
      ['lip-sync', 'Lip-sync a video to audio', 'lipSync'],
      ['motion-control', 'Animate with motion control', 'motionControl'],
    ],
  },
  {
    prefix: '/api/v7/voice',
    category: 'audio',
    keyPlacement: 'both',
    price: 0.01,
    fetch: { suffix: 'fetch/{id}', style: 'path', summary: 'Fetch a queued audio result' },
    operations: [
      ['text-to-speech', 'Convert text to speech', 'textToSpeech'],
      ['speech-to-text', 'Transcribe speech', 'speechToText'],
      ['speech-to-speech', 'Convert speech to another voice', 'speechToSpeech'],
      ['music-gen', 'Generate music', 'music'],
      ['sound-generation', 'Generate sound effects', 'soundEffects'],
      ['create-dubbing', 'Dub a video', 'dubbing'],
      ['song-extender', 'Extend a song', 'songExtender'],
      ['song-inpaint', 'Replace part of a song', 'songInpaint'],
    ],
  },
  {
    prefix: '/api/v7/llm',
    category: 'llm',
    keyPlacement: 'bearer',
    price: 0.001,
    operations: [
      ['chat/completions', 'Chat completions (OpenAI-compatible)', 'chatOpenai'],
      ['v1/messages', 'Messages (Anthropic-compatible)', 'messagesAnthropic'],
      ['v1/messages/count_tokens', 'Count the tokens of a message list', 'countTokens'],
      ['v1/models', 'List language models', 'llmModels', { method: 'GET' }],
    ],
  },
  {
    prefix: '/api/v7',
    category: 'models',
    keyPlacement: 'bearer',
    price: 0,
    operations: [['models', 'List generation models', 'modelCatalogue', { method: 'GET' }]],
  },
  {
    prefix: '/api/v8/images',
    category: 'image',
    keyPlacement: 'both',
    price: 0.02,
    fetch: { suffix: 'fetch/{id}', style: 'path', summary: 'Fetch queued images' },
    operations: [
      ['text-to-image', 'Generate images from text', 'modernText2img'],
      ['image-to-image', 'Generate images from an image', 'modernImg2img'],
      ['inpaint', 'Inpaint an image', 'modernInpaint'],
      ['outpaint', 'Outpaint an image', 'outpaint'],
      ['upscale', 'Upscale an image', 'upscale'],
      ['background-removal', "Remove an image's background", 'imageOnly'],
      ['face-enhance', 'Enhance faces', 'imageOnly'],
    ],
  },
  {
    prefix: '/api/v8/video',
    category: 'video',
    keyPlacement: 'both',
    price: 0.25,
    fetch: { suffix: 'fetch/{id}', style: 'path', summary: 'Fetch a queued video' },
    operations: [
      ['text-to-video', 'Generate a video from text', 'modernText2video'],
      ['image-to-video', 'Generate a video from an image', 'modernImg2video'],
      ['video-to-video', 'Restyle a video', 'modernVideo2video'],
      ['extend', 'Extend a video', 'videoExtend'],
      ['upscale', 'Upscale a video', 'videoUpscale'],
    ],
  },
  {
    prefix: '/api/v8/audio',
    category: 'audio',
    keyPlacement: 'both',
    price: 0.01,
    fetch: { suffix: 'fetch/{id}', style: 'path', summary: 'Fetch a queued audio result' },
    operations: [
      ['text-to-speech', 'Convert text to speech', 'textToSpeech'],
      ['voice-clone', 'Clone a voice', 'voiceClone'],
      ['speech-to-text', 'Transcribe speech', 'speechToText'],
      ['speech-to-speech', 'Convert speech to another voice', 'speechToSpeech'],
      ['music', 'Generate music', 'music'],
      ['sound-effects', 'Generate sound effects', 'soundEffects'],
    ],
  },
  {
    prefix: '/api/v8/3d',
    category: '3d',
    keyPlacement: 'both',
    price: 0.15,
    fetch: { suffix: 'fetch/{id}', style: 'path', summary: 'Fetch a queued 3D result' },
    operations: [
      ['text-to-3d', 'Generate a 3D object from text', 'text23d'],
      ['image-to-3d', 'Generate a 3D object from an image', 'image23d'],
    ],
  },
  {
    prefix: '/api/v8/training',
    category: 'training',
    keyPlacement: 'bearer',
    price: 1,
    operations: [
      ['create', 'Start a fine-tuning job', 'trainingCreate'],
      ['{id}', 'Get a fine-tuning job', 'trainingStatus', { method: 'GET' }],
      ['{id}/cancel', 'Cancel a fine-tuning job', 'trainingCancel'],
      ['', 'List fine-tuning jobs', 'trainingJobs', { method: 'GET' }],
    ],
  },
  {
    prefix: '/api/v8/llm',
    category: 'llm',
    keyPlacement: 'bearer',
    price: 0.001,
    operations: [['chat/completions', 'Chat completions (OpenAI-compatible)', 'chatOpenai']],
  },
];

/** Where each training family's jobs are fetched: these families have no `fetch` of their own. */
const TRAINING_FETCH: Record<string, string> = {
  '/api/v6/training': '/api/v6/training/fine_tune_status/{training_id}',
  '/api/v8/training': '/api/v8/training/{id}',
};

/** `/api/v6/3d/fetch/{id}` -> `v6_3d_fetch_id`: the operationId convention of the service. */
export function generationOperationId(path: string): string {
  return path
    .replace(/^\/api\//, '')
    .replace(/[{}]/g, '')
    .replace(/[/-]/g, '_');
}

function versionOf(prefix: string): GenerationVersion {
  const version = prefix.split('/')[2];
  if (version !== 'v6' && version !== 'v7' && version !== 'v8') throw new Error(`no version in ${prefix}`);
  return version;
}

function buildOperations(): GenerationOperation[] {
  const operations: GenerationOperation[] = [];
  for (const family of FAMILIES) {
    const version = versionOf(family.prefix);
    const fetchPath = family.fetch
      ? `${family.prefix}/${family.fetch.suffix}`
      : TRAINING_FETCH[family.prefix];
    const fetchStyle: FetchStyle | undefined = family.fetch?.style ?? (fetchPath ? 'path' : undefined);
    for (const [suffix, summary, presetName, extra] of family.operations) {
      const preset: Preset = PRESETS[presetName];
      const path = suffix ? `${family.prefix}/${suffix}` : family.prefix;
      const isTrainingFetch = path === fetchPath;
      const mode: OperationMode = isTrainingFetch && version === 'v8' ? 'fetch' : (preset.mode ?? 'async');
      const generates = mode === 'async';
      operations.push({
        operationId: generationOperationId(path),
        method: extra?.method ?? 'POST',
        path,
        version,
        category: family.category,
        mode,
        summary,
        ...(generates && fetchPath ? { fetch: fetchPath } : {}),
        ...(generates && fetchStyle ? { fetchStyle } : {}),
        result: preset.result,
        keyPlacement: extra?.keyPlacement ?? family.keyPlacement,
        required: preset.required,
        optional: generates ? [...(preset.optional ?? []), 'webhook', 'track_id'] : (preset.optional ?? []),
        query: preset.query ?? [],
        price:
          generates || preset.result.startsWith('chat') || preset.result === 'messages-anthropic'
            ? family.price
            : 0,
        deprecated: extra?.deprecated ?? false,
        ...(extra?.notes ? { notes: extra.notes } : {}),
      });
    }
    if (family.fetch) {
      const path = `${family.prefix}/${family.fetch.suffix}`;
      const isBody = family.fetch.style === 'body';
      operations.push({
        operationId: generationOperationId(path),
        method: 'POST',
        path,
        version,
        category: family.category,
        mode: 'fetch',
        summary: family.fetch.summary,
        result: 'fetch',
        keyPlacement: family.keyPlacement,
        required: isBody ? ['request_id'] : [],
        optional: [],
        query: [],
        price: 0,
        deprecated: false,
      });
    }
  }
  return operations;
}

/** The 133 operations of the generation API, in the order of the service's catalogue. */
export const GENERATION_OPERATIONS: readonly GenerationOperation[] = buildOperations();
