/**
 * Which declared name a misspelt one probably means.
 * @module
 */

import { distance } from 'fastest-levenshtein';

const words = (name: string) =>
  name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * The candidate most like `name`: one that contains it as a word (`image` -> `init_image`), or
 * differs from it by a few letters; undefined when none is that close. A suggestion for a person,
 * never applied on its own.
 */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  const wanted = name.toLowerCase();
  const wantedWords = words(name);
  const allowedEdits = Math.max(1, Math.floor(wanted.length / 4));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const lowered = candidate.toLowerCase();
    const edits = distance(wanted, lowered);
    const sharesWord =
      words(candidate).some((word) => word === wanted) || wantedWords.some((word) => word === lowered);
    if (!sharesWord && edits > allowedEdits) continue;
    if (edits < bestDistance) {
      best = candidate;
      bestDistance = edits;
    }
  }
  return best;
}
