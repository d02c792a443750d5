/**
 * One change applied to every string of a JSON-like value, property names included, copying
 * only what changes: a value with nothing to change comes back as the very same object.
 * @module
 */

/** Deepest nesting looked into; deeper parts are replaced by a note (a hostile body nested thousands deep). */
const MAX_DEPTH = 64;

const TOO_DEEP = '[Nested too deeply]';

/** `value` with `change` applied to each string in it, property names included. Cycles become `[Circular]`. */
export function mapStrings<T>(value: T, change: (text: string) => string): T {
  return walk(value, { change, open: new WeakSet(), done: new Map() }, 0) as T;
}

interface Walk {
  readonly change: (text: string) => string;
  /** Objects being walked: meeting one again is a cycle. */
  readonly open: WeakSet<object>;
  /** Objects walked, with what they became: a shared part is walked once. */
  readonly done: Map<object, unknown>;
}

function walk(value: unknown, state: Walk, depth: number): unknown {
  const { open, done } = state;
  if (typeof value === 'string') return state.change(value);
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  if (done.has(value)) return done.get(value);
  if (open.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return TOO_DEEP;
  open.add(value);
  const result = walkObject(value, state, depth);
  open.delete(value);
  done.set(value, result);
  return result;
}

function walkObject(value: object, state: Walk, depth: number): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (const [index, item] of value.entries()) {
      const changed = walk(item, state, depth + 1);
      if (changed === item) continue;
      copy ??= [...value];
      copy[index] = changed;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const entries = Object.entries(value);
  for (const [index, [name, field]] of entries.entries()) {
    const newName = state.change(name);
    const newField = walk(field, state, depth + 1);
    // Entries before the first change were unchanged: they are copied as they are.
    if (copy === undefined && (newName !== name || newField !== field))
      copy = Object.fromEntries(entries.slice(0, index));
    if (copy !== undefined) copy[newName] = newField;
  }
  return copy ?? value;
}
