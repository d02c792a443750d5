/** Edit distance (insertions, deletions, substitutions) between two short strings. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Up to `limit` candidates that look like `wanted`: containing it, contained in it, or a few edits
 * away. Long input is cut first, so a garbage id costs nothing.
 */
export function closeMatches(wanted: string, candidates: readonly string[], limit = 3): string[] {
  const needle = wanted.toLowerCase().slice(0, 64);
  if (!needle) return [];
  return candidates
    .map((candidate) => {
      const lower = candidate.toLowerCase();
      const contains = lower.includes(needle) || needle.includes(lower);
      return { candidate, score: contains ? 0 : editDistance(needle, lower) };
    })
    .filter(({ score }) => score <= Math.max(2, Math.floor(needle.length / 3)))
    .sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
