/**
 * Text cut into search terms: lower case, words split at case and digit changes, stop words
 * dropped, plurals folded, and the few synonyms people use for the service's media.
 * @module
 */

const STOP_WORDS = new Set(
  'a an and are as at be by for from get give i in into is it me my of on or please some the this to want what with you your'.split(
    ' ',
  ),
);

/** Words people use for the same thing, folded to the word the documents use. */
const SYNONYMS: Readonly<Record<string, string>> = {
  img: 'image',
  picture: 'image',
  photo: 'image',
  pic: 'image',
  movie: 'video',
  clip: 'video',
  film: 'video',
  vid: 'video',
  make: 'generate',
  create: 'generate',
  produce: 'generate',
  render: 'generate',
  transcribe: 'transcri',
  transcription: 'transcri',
  transcript: 'transcri',
  transcribes: 'transcri',
  sound: 'audio',
  song: 'music',
  tts: 'speech',
};

/** Related words a query term also finds, at a lower weight. */
export const QUERY_EXPANSIONS: Readonly<Record<string, readonly string[]>> = {
  audio: ['voice', 'speech', 'music'],
  voice: ['audio', 'speech'],
  speech: ['voice', 'audio'],
  transcri: ['speech', 'text'],
  llm: ['completions', 'messages'],
  wallet: ['balance', 'fund'],
  balance: ['wallet'],
  generate: ['text'],
};

/** The search terms of `text`, in order, repeats kept (they count). */
export function searchTerms(text: string): string[] {
  const spaced = text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    // `text2video`, `img2img`: a digit between words stands for "to".
    .replace(/([a-z])2([a-z])/g, '$1 to $2');
  const terms: string[] = [];
  for (const raw of spaced.split(/[^a-z0-9]+/)) {
    if (!raw || STOP_WORDS.has(raw)) continue;
    // Keep versions (`v7`) and 3d whole; otherwise split letters from digits.
    const words = /^v\d+$|^3d$/.test(raw) ? [raw] : (raw.match(/[a-z]+|\d+/g) ?? []);
    for (const word of words) {
      if (STOP_WORDS.has(word)) continue;
      terms.push(fold(word));
    }
  }
  return terms;
}

function fold(word: string): string {
  const synonym = SYNONYMS[word];
  if (synonym) return synonym;
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return fold(word.slice(0, -1));
  return word;
}
