/**
 * The shape of the webhook capabilities the toolkit makes (`gwh_` and 43 characters of
 * base64url): each is a secret of the session, masked by its shape wherever it shows, also in
 * text that arrives in pieces.
 * @module
 */

/** What begins every webhook capability. */
export const CAPABILITY_PREFIX = 'gwh_';
/** The length of a whole capability: the prefix and 43 characters. */
export const CAPABILITY_LENGTH = CAPABILITY_PREFIX.length + 43;
const CAPABILITY_SHAPE = /gwh_[A-Za-z0-9_-]{43}/g;
/** The start of a capability cut off by the end of the text: `g`, `gw`, `gwh`, `gwh_` and up to 42 more. */
const CAPABILITY_BEGINNING = /g(?:w(?:h(?:_[A-Za-z0-9_-]{0,42})?)?)?$/;

/** `text` with every webhook capability masked by `replacement`. */
export function maskCapabilities(text: string, replacement: string): string {
  return text.includes(CAPABILITY_PREFIX) ? text.replace(CAPABILITY_SHAPE, replacement) : text;
}

/**
 * Where to cut `text` that arrives in pieces so that no capability is split: `cut` (what the
 * caller would hand on), moved back to where a capability may begin that the text's end cut off,
 * and to the start of a whole capability the cut would fall inside. Looks at a capability's
 * length of text on each side of the cut only, so the cost does not grow with the text.
 */
export function capabilitySafeCut(text: string, cut: number): number {
  const from = Math.max(0, text.length - CAPABILITY_LENGTH);
  const begun = CAPABILITY_BEGINNING.exec(text.slice(from));
  let safe = Math.min(cut, begun ? from + begun.index : text.length);
  const windowFrom = Math.max(0, safe - CAPABILITY_LENGTH);
  for (const match of text.slice(windowFrom, safe + CAPABILITY_LENGTH).matchAll(CAPABILITY_SHAPE)) {
    const start = windowFrom + match.index;
    if (start < safe && start + match[0].length > safe) safe = start;
  }
  return safe;
}
