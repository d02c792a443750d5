/**
 * An operation of a saved description that is decoded at its first use (issue 25, cold start): a
 * function that connects for one operation reads only that one's text. Until then it is its id
 * alone; the first read of anything else (a field, `in`, its keys, a spread, `JSON.stringify`)
 * decodes the rest onto the same object, which from then on is ordinary data. A text that turns
 * out damaged throws the decoder's typed error at that read, every time it is read again.
 *
 * One handler serves every such operation (a description holds hundreds, and a fresh process pays
 * for each closure it makes): what is still to decode is kept beside, by object.
 * @module
 */
import type { Operation } from './types.js';

/** The objects not decoded yet, and how to decode each. */
const pending = new WeakMap<object, () => Operation>();

/** Decodes `target`'s fields onto it, if not done yet; a decoder that throws stays pending. */
function ensure(target: object): void {
  const decode = pending.get(target);
  if (!decode) return;
  const operation = decode();
  for (const key of Reflect.ownKeys(operation)) {
    if (key === 'id') continue;
    Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(operation, key) as PropertyDescriptor);
  }
  pending.delete(target);
}

// Every trap but reading the id decodes first, then does what a plain object does.
const handler: ProxyHandler<Operation> = {
  get(target, key, receiver) {
    if (key !== 'id') ensure(target);
    return Reflect.get(target, key, receiver);
  },
  has(target, key) {
    if (key !== 'id') ensure(target);
    return Reflect.has(target, key);
  },
  ownKeys(target) {
    ensure(target);
    return Reflect.ownKeys(target);
  },
  getOwnPropertyDescriptor(target, key) {
    if (key !== 'id') ensure(target);
    return Reflect.getOwnPropertyDescriptor(target, key);
  },
  set(target, key, value, receiver) {
    ensure(target);
    return Reflect.set(target, key, value, receiver);
  },
  defineProperty(target, key, descriptor) {
    ensure(target);
    return Reflect.defineProperty(target, key, descriptor);
  },
  deleteProperty(target, key) {
    ensure(target);
    return Reflect.deleteProperty(target, key);
  },
  preventExtensions(target) {
    // Object.freeze: the fields must be there before the object stops taking new ones.
    ensure(target);
    return Reflect.preventExtensions(target);
  },
};

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * Node's console shows a proxy's target without asking the proxy, and calls this with the proxy
 * or the target as `this`: shown, the operation is decoded first; a damaged one is shown as its id.
 */
function shown(this: Operation): object {
  try {
    ensure(this);
    return { ...this };
  } catch {
    // Using it throws the decoder's error.
    return { id: this.id };
  }
}

/**
 * The operation with this `id`, whose other fields `decode` gives at the first read of one of them.
 * `decode` runs until it succeeds once; its fields are copied onto the object (an accessor, such
 * as a lazily decoded schema, is copied as an accessor).
 */
export function lazyOperation(id: string, decode: () => Operation): Operation {
  const target = { id } as Operation;
  // A hidden key: spreads, JSON and equality checks pass over it.
  Object.defineProperty(target, INSPECT, { value: shown });
  pending.set(target, decode);
  return new Proxy(target, handler);
}
