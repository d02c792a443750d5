/**
 * Turns between processes sharing a limit on things at once (the cap on requests in flight, the
 * job slots) through one store: a place freed goes to the process holding the fewest with things
 * waiting, not to whichever process's own answer freed it. Each process takes the places its own
 * answers free at once, while it looks at the others' only now and then: taking them there and
 * then starved a process that held few (one of four kept a single request in flight for half a
 * minute in the fleet bench).
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import { ConcurrencyBook } from '../../src/http/rate-limit/concurrency-book.js';
import { decodeConcurrencyRecord } from '../../src/http/rate-limit/concurrency-record.js';
import { InFlightCap, type InFlightTicket } from '../../src/http/rate-limit/in-flight-cap.js';
import { JobSlots } from '../../src/http/rate-limit/job-slots.js';
import { MemoryRateLimitStore } from '../../src/http/rate-limit/rate-limit-store.js';
import { concurrencyBookOf, RateLimitGovernor } from '../../src/http/rate-limit-governor.js';
import { createVirtualClock } from '../support/virtual-clock.js';

const START = Date.UTC(2026, 0, 1, 0, 0, 0, 300);
const ORIGIN = 'https://api.example.com';

describe('processes sharing a cap on requests in flight', () => {
  it('give a place freed to the process holding the fewest, not to the one whose answer freed it', async () => {
    const manual = new ManualClock(START);
    const clock = createVirtualClock(manual);
    const store = new MemoryRateLimitStore(() => clock.now());
    const books = ['a', 'b'].map((owner) => new ConcurrencyBook(clock, store, owner));
    const [a, b] = books.map((book) => new InFlightCap(book)) as [InFlightCap, InFlightCap];
    // A cap of two learned earlier, no climb due during the test.
    await books[0]!.update(ORIGIN, (record) => ({ ...record, cap: 2, capClimbAt: START + 3_600_000 }));
    const sent = async (cap: InFlightCap) => {
      const ticket = await cap.enter(ORIGIN, {});
      cap.sent(ticket);
      return ticket;
    };
    const held: InFlightTicket[] = [await sent(a), await sent(a)];
    const order: string[] = [];
    // B waits first, then A has another request waiting too.
    const waitingB = b.enter(ORIGIN, {}).then((ticket) => {
      order.push('b');
      return ticket;
    });
    await clock.hold(() => new Promise((resolve) => setTimeout(resolve, 5)));
    const waitingA = a.enter(ORIGIN, {}).then((ticket) => {
      order.push('a');
      return ticket;
    });
    await clock.hold(() => new Promise((resolve) => setTimeout(resolve, 5)));
    manual.set(START + 1_000);
    // A's answer frees a place: B holds none and waits, so the place is B's.
    await a.settle(held[0]!, 'accepted');
    const ticketB = await waitingB;
    expect(order).toEqual(['b']);
    await a.settle(held[1]!, 'accepted');
    const ticketA = await waitingA;
    expect(order).toEqual(['b', 'a']);
    await b.settle(ticketB, 'accepted');
    await a.settle(ticketA, 'accepted');
    // Nothing waits any more: no claim is left in the record.
    expect((await books[0]!.read(ORIGIN)).waiting).toBeUndefined();
  });
});

describe('processes before any cap on requests in flight', () => {
  it('space the requests beyond the most ever answered together fleet-wide, as one process does', async () => {
    const manual = new ManualClock(START);
    const clock = createVirtualClock(manual);
    const store = new MemoryRateLimitStore(() => clock.now());
    const [a, b] = ['a', 'b'].map((owner) => new InFlightCap(new ConcurrencyBook(clock, store, owner))) as [
      InFlightCap,
      InFlightCap,
    ];
    const sent = async (cap: InFlightCap) => {
      const ticket = await cap.enter(ORIGIN, {});
      cap.sent(ticket);
      return ticket;
    };
    // One request each, answered after a second: two were answered together, fleet-wide.
    const first = [await sent(a), await sent(b)];
    manual.set(START + 1_000);
    await a.settle(first[0]!, 'accepted');
    await b.settle(first[1]!, 'accepted');
    const at = clock.now();
    const proven = [await sent(a), await sent(b)];
    // The fleet's third goes at once, beyond what was proven; the fourth, from the other
    // process, a thirty-second of an answer's time later (both at once before: a server with a
    // limit of two refused both).
    const third = await sent(a);
    expect(clock.now()).toBe(at);
    const fourth = await sent(b);
    expect(clock.now()).toBe(at + 1_000 / 32);
    for (const [cap, ticket] of [
      [a, proven[0]],
      [b, proven[1]],
      [a, third],
      [b, fourth],
    ] as const)
      await cap.settle(ticket!, 'accepted');
  });
});

describe('processes sharing job slots', () => {
  it('give a slot freed to the client holding the fewest with submissions waiting', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const store = new MemoryRateLimitStore(() => clock.now());
    const [a, b] = [new JobSlots(clock, undefined, store), new JobSlots(clock, undefined, store)] as const;
    await a.learnLimit(ORIGIN, 1);
    const first = await a.acquire(ORIGIN);
    first.markRunning();
    const order: string[] = [];
    const waitingB = b.acquire(ORIGIN).then((slot) => {
      order.push('b');
      return slot;
    });
    await clock.hold(() => new Promise((resolve) => setTimeout(resolve, 5)));
    const waitingA = a.acquire(ORIGIN).then((slot) => {
      order.push('a');
      return slot;
    });
    await clock.hold(() => new Promise((resolve) => setTimeout(resolve, 5)));
    first.release();
    const slotB = await waitingB;
    expect(order).toEqual(['b']);
    slotB.release();
    (await waitingA).release();
    expect(order).toEqual(['b', 'a']);
  });
});

describe('a claim in the shared record', () => {
  it('is read only as the toolkit writes it', () => {
    const claim = ['a', 2, START + 500, 7];
    expect(decodeConcurrencyRecord({ waiting: [claim], jobWaiting: [claim] })).toEqual({
      waiting: [claim],
      jobWaiting: [claim],
    });
    // A malformed claim makes the record unknown (the next write replaces it), as a holder does.
    expect(decodeConcurrencyRecord({ waiting: [['a', -1, START, 0]] })).toBeUndefined();
    expect(decodeConcurrencyRecord({ jobWaiting: [['a', 1, START]] })).toBeUndefined();
  });
});

describe('one process in a shared record', () => {
  it('is one holder: the job slots of the client that made a governor count under its id', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const store = new MemoryRateLimitStore(() => clock.now());
    const governor = new RateLimitGovernor({ clock, store });
    const book = concurrencyBookOf(governor)!;
    const slots = new JobSlots(clock, undefined, store, book);
    const permit = await governor.acquire(new URL(`${ORIGIN}/v1/generations`));
    const slot = await slots.acquire(ORIGIN);
    const { holders } = await book.read(ORIGIN);
    // One part, with the request in flight and the slot held (two parts, one per id, before).
    expect(holders).toEqual([[expect.any(String), 1, 1, 0, expect.any(Number)]]);
    // The request answered: the slot's lease is kept in the same part.
    await permit.complete({ answered: true, status: 200, observations: [], receivedAt: clock.now() });
    expect((await book.read(ORIGIN)).holders).toEqual([[expect.any(String), 0, 1, 0, expect.any(Number)]]);
    slot.release();
  });
});
