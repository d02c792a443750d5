/**
 * An operation of a saved description that is decoded at its first use (issue 25, cold start): a
 * function that connects for one operation reads only that one's text. Until then it is its id
 * alone; the first read of anything else (a field, `in`, its keys, a spread, `JSON.stringify`)
 * decodes the rest onto the same object, which from then on is ordinary data. A text that turns
 * out damaged throws the decoder's typed error at that read, every time it is read again.
 * @module
 */
import type { Operation } from './types.js';

/**
 * The operation with this `id`, whose other fields `decode` gives at the first read of one of them.
 * `decode` runs at most once when it succeeds; its fields are copied onto the object (an accessor,
 * such as a lazily decoded schema, is copied as an accessor).
 */
export function lazyOperation(id: string, decode: () => Operation): Operation {
  const target = { id } as Operation;
  let decoded = false;
  const ensure = () => {
    if (decoded) return;
    const operation = decode();
    for (const key of Reflect.ownKeys(operation)) {
      if (key === 'id') continue;
      Object.defineProperty(
        target,
        key,
        Object.getOwnPropertyDescriptor(operation, key) as PropertyDescriptor,
      );
    }
    decoded = true;
  };
  // Node's console shows a proxy's target without asking the proxy: shown, it is decoded first
  // (a hidden key: spreads, JSON and equality checks pass over it).
  Object.defineProperty(target, Symbol.for('nodejs.util.inspect.custom'), {
    value: () => {
      try {
        ensure();
      } catch {
        // Damaged: shown as its id; using it throws the decoder's error.
      }
      return { ...target };
    },
  });
  // Every trap but reading the id decodes first, then does what a plain object does.
  return new Proxy(target, {
    get(object, key, receiver) {
      if (key !== 'id') ensure();
      return Reflect.get(object, key, receiver);
    },
    has(object, key) {
      if (key !== 'id') ensure();
      return Reflect.has(object, key);
    },
    ownKeys(object) {
      ensure();
      return Reflect.ownKeys(object);
    },
    getOwnPropertyDescriptor(object, key) {
      if (key !== 'id') ensure();
      return Reflect.getOwnPropertyDescriptor(object, key);
    },
    set(object, key, value, receiver) {
      ensure();
      return Reflect.set(object, key, value, receiver);
    },
    defineProperty(object, key, descriptor) {
      ensure();
      return Reflect.defineProperty(object, key, descriptor);
    },
    deleteProperty(object, key) {
      ensure();
      return Reflect.deleteProperty(object, key);
    },
    preventExtensions(object) {
      // Object.freeze: the fields must be there before the object stops taking new ones.
      ensure();
      return Reflect.preventExtensions(object);
    },
  });
}
