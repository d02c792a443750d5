/**
 * A small BM25 ranking over weighted fields: deterministic, no dependencies, a few hundred
 * documents at most.
 * @module
 */

/** A document: its terms with a weight each (a title word counts more than a body word). */
export type WeightedTerms = ReadonlyMap<string, number>;

export interface Bm25Options {
  /** Term-frequency saturation. @default 1.2 */
  readonly k1?: number;
  /** Length normalisation. @default 0.75 */
  readonly b?: number;
}

export interface Bm25Index {
  /** The BM25 score of each document for `query` (term -> weight), in document order. */
  score(query: WeightedTerms): number[];
}

/** An index of `documents`; scores are the same for the same documents and query. */
export function createBm25Index(documents: readonly WeightedTerms[], options: Bm25Options = {}): Bm25Index {
  const k1 = options.k1 ?? 1.2;
  const b = options.b ?? 0.75;
  const lengths = documents.map((terms) => [...terms.values()].reduce((sum, weight) => sum + weight, 0));
  const averageLength = lengths.reduce((sum, length) => sum + length, 0) / Math.max(documents.length, 1) || 1;
  const documentFrequency = new Map<string, number>();
  for (const terms of documents)
    for (const term of terms.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const inverse = (term: string) => {
    const frequency = documentFrequency.get(term) ?? 0;
    return Math.log(1 + (documents.length - frequency + 0.5) / (frequency + 0.5));
  };
  return {
    score(query) {
      return documents.map((terms, index) => {
        let score = 0;
        for (const [term, queryWeight] of query) {
          const frequency = terms.get(term);
          if (!frequency) continue;
          const norm = k1 * (1 - b + (b * (lengths[index] as number)) / averageLength);
          score += queryWeight * inverse(term) * ((frequency * (k1 + 1)) / (frequency + norm));
        }
        return score;
      });
    },
  };
}
