/**
 * Finds every occurrence of any of a set of strings in one pass over a text: an Aho-Corasick
 * automaton. Masking secrets with one regular expression of alternatives costs a rebuild per
 * secret and a scan that grows with their number; this scan costs the length of the text, however
 * many secrets there are, and the automaton the total length of the secrets.
 * @module
 */

/** The root's transitions when the set is empty: never written. */
const NO_TRANSITIONS = new Int32Array(65536);

/** A matcher over a fixed set of strings; build a new one when the set changes. */
export class SecretMatcher {
  /** Transitions, keyed `node * 65536 + UTF-16 code unit`: one map for the whole trie. */
  readonly #next = new Map<number, number>();
  /**
   * The root's transitions again, as an array: most characters of most texts start no secret, and
   * an array read is several times cheaper than a map lookup.
   */
  readonly #fromRoot: Int32Array;
  /** Per node: the node of its longest proper suffix that is also in the trie. */
  readonly #fail: number[] = [0];
  /** Per node: the length of the longest string of the set that ends here (0: none). */
  readonly #longest: number[] = [0];
  /** The length of the longest string of the set. */
  readonly longestLength: number = 0;

  constructor(strings: Iterable<string>) {
    // Per node: its children, and the code unit that leads to it (for the failure links).
    const children: number[][] = [[]];
    const codes: number[] = [0];
    for (const text of strings) {
      if (text === '') continue;
      let node = 0;
      for (let index = 0; index < text.length; index += 1) {
        const key = node * 65536 + text.charCodeAt(index);
        let child = this.#next.get(key);
        if (child === undefined) {
          child = this.#fail.length;
          this.#next.set(key, child);
          this.#fail.push(0);
          this.#longest.push(0);
          children[node]!.push(child);
          children.push([]);
          codes.push(text.charCodeAt(index));
        }
        node = child;
      }
      this.#longest[node] = text.length;
      if (text.length > this.longestLength) this.longestLength = text.length;
    }
    this.#fromRoot = this.#next.size === 0 ? NO_TRANSITIONS : new Int32Array(65536);
    for (const [key, child] of this.#next) if (key < 65536) this.#fromRoot[key] = child;
    this.#link(children, codes);
  }

  /** Failure links, breadth first, so that a node's suffix is linked before the node. */
  #link(children: readonly (readonly number[])[], codes: readonly number[]): void {
    const queue: number[] = [0];
    for (let head = 0; head < queue.length; head += 1) {
      const node = queue[head]!;
      for (const child of children[node]!) {
        queue.push(child);
        if (node !== 0) this.#fail[child] = this.#step(this.#fail[node]!, codes[child]!);
        const suffix = this.#fail[child]!;
        // A shorter string ending at the same place is inside the longest one: keep the longest.
        if (this.#longest[child] === 0) this.#longest[child] = this.#longest[suffix]!;
      }
    }
  }

  #step(from: number, code: number): number {
    if (from === 0) return this.#fromRoot[code]!;
    let node = from;
    for (;;) {
      const next = this.#next.get(node * 65536 + code);
      if (next !== undefined) return next;
      node = this.#fail[node]!;
      if (node === 0) return this.#fromRoot[code]!;
    }
  }

  /** Whether the set is empty. */
  get empty(): boolean {
    return this.#fail.length === 1;
  }

  /** Whether `text` holds any string of the set. */
  contains(text: string): boolean {
    let node = 0;
    for (let index = 0; index < text.length; index += 1) {
      node = this.#step(node, text.charCodeAt(index));
      if (this.#longest[node] !== 0) return true;
    }
    return false;
  }

  /**
   * `text` with every occurrence of every string of the set replaced by `replacement`;
   * overlapping occurrences are masked as one.
   */
  mask(text: string, replacement: string): string {
    if (this.empty) return text;
    const ranges = this.ranges(text);
    if (ranges.length === 0) return text;
    let result = '';
    let from = 0;
    for (let index = 0; index < ranges.length; index += 2) {
      result += text.slice(from, ranges[index]) + replacement;
      from = ranges[index + 1]!;
    }
    return result + text.slice(from);
  }

  /**
   * Where the strings of the set occur in `text`: merged `[start, end)` pairs, flat and in order
   * (overlapping occurrences make one range).
   */
  ranges(text: string): number[] {
    const ranges: number[] = [];
    let node = 0;
    for (let index = 0; index < text.length; index += 1) {
      node = this.#step(node, text.charCodeAt(index));
      const length = this.#longest[node]!;
      if (length === 0) continue;
      let start = index + 1 - length;
      const end = index + 1;
      // A later match may reach back over earlier ones (a secret containing another).
      while (ranges.length > 0 && start < ranges[ranges.length - 1]!) {
        ranges.pop();
        start = Math.min(start, ranges.pop()!);
      }
      ranges.push(start, end);
    }
    return ranges;
  }
}
