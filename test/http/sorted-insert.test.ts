import { describe, expect, it } from 'vitest';
import { insertSorted } from '../../src/http/rate-limit/sorted-insert.js';

describe('insertSorted', () => {
  it('keeps the list ascending by key, an item after those of its key', () => {
    const list: Array<{ key: number; name: string }> = [];
    const key = (item: { key: number }) => item.key;
    for (const [at, name] of [
      [5, 'a'],
      [1, 'b'],
      [5, 'c'],
      [9, 'd'],
      [1, 'e'],
      [0, 'f'],
    ] as const)
      insertSorted(list, { key: at, name }, key);
    expect(list.map((item) => item.name)).toEqual(['f', 'b', 'e', 'a', 'c', 'd']);
  });

  it('inserts plain numbers', () => {
    const moments = [10, 20, 30];
    insertSorted(moments, 25, (moment) => moment);
    insertSorted(moments, 40, (moment) => moment);
    insertSorted(moments, 5, (moment) => moment);
    expect(moments).toEqual([5, 10, 20, 25, 30, 40]);
  });
});
