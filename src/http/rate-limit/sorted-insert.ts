/**
 * One insertion into a list kept in order, searched from its end.
 * @module
 */

/**
 * Inserts `item` into `list`, kept ascending by `key`, after every item of the same key. The
 * search starts from the end, where new items almost always belong: the lists it serves (waiters
 * by arrival, moments follow-ups are due) mostly grow by later keys, so an insert is a push.
 */
export function insertSorted<Item>(list: Item[], item: Item, key: (item: Item) => number): void {
  const at = key(item);
  let index = list.length;
  while (index > 0 && key(list[index - 1] as Item) > at) index -= 1;
  list.splice(index, 0, item);
}
