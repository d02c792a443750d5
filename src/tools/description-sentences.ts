/**
 * An operation's documented description split into sentences, and the sentences a tool's
 * description leaves out because the tool itself takes care of what they explain.
 * @module
 */

/**
 * The sentences of `text`, in order, whitespace collapsed. A full stop inside parentheses or
 * backticks, or one not followed by a space, does not end a sentence (`0.02`, `(1 credit = 1 US
 * dollar)`, `` `e.g.` ``).
 */
export function splitSentences(text: string): string[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  const sentences: string[] = [];
  let depth = 0;
  let inCode = false;
  let start = 0;
  for (let index = 0; index < flat.length; index += 1) {
    const character = flat[index];
    if (character === '`') inCode = !inCode;
    else if (!inCode && character === '(') depth += 1;
    else if (!inCode && character === ')') depth = Math.max(0, depth - 1);
    else if (
      !inCode &&
      depth === 0 &&
      (character === '.' || character === '!' || character === '?') &&
      flat[index + 1] === ' ' &&
      !/\b(?:e\.g|i\.e|etc|vs)$/i.test(flat.slice(start, index))
    ) {
      sentences.push(flat.slice(start, index + 1).trim());
      start = index + 2;
    }
  }
  const rest = flat.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/**
 * What the documents say that a tool makes unnecessary for a model, or says better itself: how
 * to authenticate and which scope is needed (the session does that), how to poll or receive a
 * webhook (the tool waits), and the documents' own wording of the effect (the tool states it).
 */
const HANDLED_BY_THE_TOOL: readonly RegExp[] = [
  /^(?:a)?synchronous\b/i,
  /^then fetch\b/i,
  /\bfetch_result\b/,
  /^fetch again\b/i,
  /^authenticat(?:e|ion)\b/i,
  /\bAuthorization: Bearer\b/,
  /^requires a token with the scope\b/i,
  /^no (?:scope|token) is needed\b/i,
  /^changes the account\b/i,
  /^deprecated\b/i,
  /^optionally pass `?webhook/i,
  /^reads; changes nothing\b/i,
  /^moves money\b/i,
  /^destructive\b/i,
  // The service's claims about the effect, wherever they sit in a sentence: the tool states the
  // effect it classified from the scope, and a document must not contradict it to the model.
  /\bread[- ]?only\b/i,
  /\b(?:changes|modifies|writes) nothing\b/i,
  /\bno side[- ]effects?\b/i,
  /\bsafe to (?:call|retry|run)\b/i,
  /\b(?:never|does not|doesn't|won't|will not) (?:charge|cost|bill)\b/i,
  /\bfree of charge\b/i,
];

/** Whether the tool's description should leave `sentence` out. */
export function isHandledByTheTool(sentence: string): boolean {
  return HANDLED_BY_THE_TOOL.some((pattern) => pattern.test(sentence));
}

/** `sentence` without its cross-references to documents (`(see /api-deprecation-policy)`). */
export function withoutReferences(sentence: string): string {
  return sentence
    .replace(/\s*\(see [^)]*\)/gi, '')
    .replace(/\s+([.,;])/g, '$1')
    .trim();
}
