import type { GenerationCategory } from '../catalogue/types.js';

/** The tag of each generation category: its display name and what its operations do. */
export const CATEGORY_GUIDE: Record<
  GenerationCategory,
  { readonly name: string; readonly description: string }
> = {
  image: { name: 'Images', description: 'Generate images from text or images, in real time or queued.' },
  'image-editing': {
    name: 'Image editing',
    description: 'Edit images: inpainting, outpainting, upscaling, background removal, faces, try-on.',
  },
  video: {
    name: 'Video',
    description: 'Generate, restyle, extend and upscale videos. Results are kept 24 hours.',
  },
  audio: {
    name: 'Audio',
    description: 'Text to speech, voice cloning, speech to text, music, sound effects and dubbing.',
  },
  '3d': { name: '3D', description: 'Generate 3D models from text or images.' },
  faceswap: { name: 'Face swap', description: 'Swap faces in images and videos.' },
  interior: { name: 'Interior design', description: 'Design, decorate and re-render rooms and buildings.' },
  training: {
    name: 'Training',
    description: 'Fine-tune models on your own data and manage the trained models.',
  },
  llm: {
    name: 'Language models',
    description: 'Chat with language models (v6, OpenAI- and Anthropic-compatible).',
  },
  models: { name: 'Model catalogue', description: 'List the models available for generation.' },
};
