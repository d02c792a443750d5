/**
 * What an operation gives back, read from its category and its documented answer.
 * @module
 */

import type { Operation } from '../discovery/types.js';
import { asSchemaNode, isRecord, propertiesOf, unionBranchesOf } from '../schema/schema-node.js';

/** What a tool returns, as far as a model needs to know. */
export type ReturnedContent = 'images' | 'video' | 'audio' | '3d' | 'files' | 'text' | 'reply' | 'json';

const MEDIA_BY_CATEGORY: Readonly<Record<string, ReturnedContent>> = {
  image: 'images',
  'image-editing': 'images',
  faceswap: 'images',
  interior: 'images',
  video: 'video',
  audio: 'audio',
  '3d': '3d',
};

// Fields through which the service's answers list result files.
const FILE_LIST_FIELDS = ['output', 'images', 'audio_url', 'proxy_links', 'links'];
const TEXT_FIELDS = ['text', 'transcript', 'lyrics'];
// Operations whose summary says they turn media into text, when the answer's schema does not say.
const TEXT_RESULT_WORDS = /(?:speech|audio|voice)[\s_-]*to[\s_-]*text|transcri|lyrics[\s_-]*generat/i;

/** What calling `operation` returns. */
export function returnedContent(operation: Operation): ReturnedContent {
  const media = MEDIA_BY_CATEGORY[operation.category ?? ''];
  const fields = answerFields(operation);
  if (
    TEXT_FIELDS.some((field) => fields.has(field)) ||
    TEXT_RESULT_WORDS.test(`${operation.id} ${operation.summary}`)
  )
    return 'text';
  if (operation.category === 'llm' && (fields.has('choices') || fields.has('content'))) return 'reply';
  // A fetch gives back what the job it fetches makes.
  if (operation.isFetch && media) return media;
  if (FILE_LIST_FIELDS.some((field) => fields.has(field))) return media ?? 'files';
  return 'json';
}

/** The sentence a tool description uses for `content`. */
export function describeReturned(content: ReturnedContent): string {
  switch (content) {
    case 'images':
      return 'Returns the URLs of the images.';
    case 'video':
      return 'Returns the URLs of the video.';
    case 'audio':
      return 'Returns the URLs of the audio.';
    case '3d':
      return 'Returns the URLs of the 3D model files.';
    case 'files':
      return 'Returns the URLs of the result files.';
    case 'text':
      return 'Returns text.';
    case 'reply':
      return "Returns the model's reply.";
    case 'json':
      return 'Returns JSON.';
  }
}

/**
 * The top-level field names of the documented answers that carry a result: alternatives whose
 * `status` is fixed to something other than `success` (failed), and queued answers (which list
 * the URLs the result will have in `future_links`), are left out.
 */
function answerFields(operation: Operation): Set<string> {
  const fields = new Set<string>();
  if (!isRecord(operation.outputSchema)) return fields;
  const answers = (unionBranchesOf(operation.outputSchema) ?? [operation.outputSchema]).map(asSchemaNode);
  for (const answer of answers) {
    const properties = propertiesOf(answer);
    const status = properties.status;
    const fixed =
      status && ('const' in status ? [status.const] : Array.isArray(status.enum) ? status.enum : undefined);
    if ((fixed && !fixed.includes('success')) || (answers.length > 1 && 'future_links' in properties))
      continue;
    for (const name of Object.keys(properties)) fields.add(name);
  }
  return fields;
}
