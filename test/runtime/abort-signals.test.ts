/**
 * Where `AbortSignal.any` is missing (Vercel's edge runtime), joined signals are made by hand: a
 * signal that outlives many requests keeps no listener once each request has ended, so Node's
 * EventTarget never warns (MaxListenersExceededWarning), and the join still aborts with the reason.
 */
import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFetchTransport } from '../../src/http/transport.js';
import { type JoinedSignal, joinSignals } from '../../src/runtime/abort-signals.js';

const native = AbortSignal.any;

beforeEach(() => {
  // As on the edge runtime.
  Reflect.deleteProperty(AbortSignal, 'any');
});
afterEach(() => {
  AbortSignal.any = native;
});

describe('joined signals without AbortSignal.any', () => {
  it('leaves no listener on a long-lived signal after 200 requests', async () => {
    expect(AbortSignal.any).toBeUndefined();
    const session = new AbortController();
    const transport = createFetchTransport(async () => new Response('{}', { status: 200 }));
    for (let index = 0; index < 200; index += 1) {
      await transport({
        method: 'GET',
        url: new URL('http://127.0.0.1:9/ping'),
        headers: {},
        timeoutMs: 1_000,
        signal: session.signal,
      });
    }
    expect(getEventListeners(session.signal, 'abort')).toHaveLength(0);
  });

  it('leaves none after failed requests either, and still aborts with the first reason', async () => {
    const session = new AbortController();
    const transport = createFetchTransport(async () => {
      throw new TypeError('fetch failed');
    });
    for (let index = 0; index < 20; index += 1) {
      await expect(
        transport({
          method: 'GET',
          url: new URL('http://127.0.0.1:9/ping'),
          headers: {},
          timeoutMs: 1_000,
          signal: session.signal,
        }),
      ).rejects.toBeDefined();
    }
    expect(getEventListeners(session.signal, 'abort')).toHaveLength(0);
    const other = new AbortController();
    const joined = joinSignals([session.signal, other.signal]);
    other.abort(new Error('stopped'));
    expect(joined.signal.aborted).toBe(true);
    expect((joined.signal.reason as Error).message).toBe('stopped');
    expect(getEventListeners(session.signal, 'abort')).toHaveLength(0);
  });
});

describe('many joins of one signal at once, without AbortSignal.any', () => {
  it('hold one listener on it, tell every join when it aborts, and leave none', () => {
    const discovery = new AbortController();
    const joins = Array.from({ length: 50 }, () =>
      joinSignals([discovery.signal, new AbortController().signal]),
    );
    const [first, second] = joins as [JoinedSignal, JoinedSignal];
    expect(getEventListeners(discovery.signal, 'abort')).toHaveLength(1);
    first.release();
    expect(getEventListeners(discovery.signal, 'abort')).toHaveLength(1);
    discovery.abort(new Error('deadline'));
    expect(joins.slice(1).every((join) => join.signal.aborted)).toBe(true);
    expect(first.signal.aborted).toBe(false);
    expect((second.signal.reason as Error).message).toBe('deadline');
    expect(getEventListeners(discovery.signal, 'abort')).toHaveLength(0);
  });

  it('leave none once every join is released', () => {
    const session = new AbortController();
    const joins = Array.from({ length: 30 }, () => joinSignals([session.signal]));
    for (const join of joins) join.release();
    expect(getEventListeners(session.signal, 'abort')).toHaveLength(0);
  });
});
