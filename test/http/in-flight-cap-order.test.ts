/**
 * Who takes a place freed under a full cap on requests in flight, and when. A place is taken
 * again at once whichever request takes it, so the order only decides which chains of requests
 * end when: a request starting new work (a job's submission, which a poll follows) goes ahead of
 * follow-ups, a bounded time at most. And a process sharing the cap through a store hears of
 * another's answer only by looking: it looks when that answer is due, as the record says, not
 * at its next look a share of an answer's time later (in a fleet of four each place drifted by
 * those looks, and the run ended a tenth of a second later than one process's).
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/http/clock.js';
import { ConcurrencyBook } from '../../src/http/rate-limit/concurrency-book.js';
import { decodeConcurrencyRecord } from '../../src/http/rate-limit/concurrency-record.js';
import { InFlightCap, type InFlightTicket } from '../../src/http/rate-limit/in-flight-cap.js';
import { MemoryRateLimitStore } from '../../src/http/rate-limit/rate-limit-store.js';
import { createVirtualClock } from '../support/virtual-clock.js';

const START = Date.UTC(2026, 0, 1, 0, 0, 0, 300);
const ORIGIN = 'https://api.example.com';
const FAR = START + 3_600_000;

async function sent(cap: InFlightCap, priority?: 'follow-up' | 'normal'): Promise<InFlightTicket> {
  const ticket = await cap.enter(ORIGIN, { priority });
  cap.sent(ticket);
  return ticket;
}

/** A request entering `cap` `afterMs` from now; its name goes into `order` once let through. */
function arriving(
  clock: Clock,
  cap: InFlightCap,
  order: string[],
  request: { name: string; priority: 'follow-up' | 'normal'; afterMs: number },
): Promise<InFlightTicket> {
  return clock
    .sleep(request.afterMs)
    .then(() => sent(cap, request.priority))
    .then((ticket) => {
      order.push(request.name);
      return ticket;
    });
}

/** Settles `ticket` accepted at `at` (virtual time moves there when everything else waits). */
async function answeredAt(clock: Clock, cap: InFlightCap, ticket: InFlightTicket, at: number): Promise<void> {
  await clock.sleep(at - clock.now());
  await cap.settle(ticket, 'accepted');
}

describe('a place freed under a full cap on requests in flight', () => {
  it('goes to a request starting new work before follow-ups that came shortly before it', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const book = new ConcurrencyBook(clock, undefined, 'a');
    const cap = new InFlightCap(book, 500);
    await book.update(ORIGIN, (record) => ({ ...record, cap: 1, capClimbAt: FAR }));
    const held = await sent(cap);
    const order: string[] = [];
    const poll = arriving(clock, cap, order, { name: 'poll', priority: 'follow-up', afterMs: 10 });
    const submission = arriving(clock, cap, order, { name: 'submission', priority: 'normal', afterMs: 20 });
    const freed = answeredAt(clock, cap, held, START + 1_000);
    // The submission arrived 10 ms after the poll: it goes first, then the poll.
    const first = await submission;
    expect(order).toEqual(['submission']);
    await answeredAt(clock, cap, first, START + 2_000);
    await answeredAt(clock, cap, await poll, START + 3_000);
    await freed;
    expect(order).toEqual(['submission', 'poll']);
  });

  it('goes to a follow-up that had waited past the overtake limit when new work came', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const book = new ConcurrencyBook(clock, undefined, 'a');
    const cap = new InFlightCap(book, 500);
    await book.update(ORIGIN, (record) => ({ ...record, cap: 1, capClimbAt: FAR }));
    const held = await sent(cap);
    const order: string[] = [];
    const poll = arriving(clock, cap, order, { name: 'poll', priority: 'follow-up', afterMs: 10 });
    const submission = arriving(clock, cap, order, { name: 'submission', priority: 'normal', afterMs: 600 });
    await answeredAt(clock, cap, held, START + 1_000);
    await answeredAt(clock, cap, await poll, START + 2_000);
    await answeredAt(clock, cap, await submission, START + 3_000);
    expect(order).toEqual(['poll', 'submission']);
  });
});

describe('processes sharing a full cap on requests in flight', () => {
  it("take a place another process's answer frees when that answer is due, not at their next look", async () => {
    const manual = new ManualClock(START);
    const clock = createVirtualClock(manual);
    const store = new MemoryRateLimitStore(() => clock.now());
    const books = ['a', 'b'].map((owner) => new ConcurrencyBook(clock, store, owner));
    const [a, b] = books.map((book) => new InFlightCap(book)) as [InFlightCap, InFlightCap];
    await books[0]!.update(ORIGIN, (record) => ({ ...record, cap: 2, capClimbAt: FAR }));
    // Each process learns how long answers take: a second.
    const first = [await sent(a), await sent(b)];
    await answeredAt(clock, a, first[0]!, START + 1_000);
    await b.settle(first[1]!, 'accepted');
    await books[0]!.update(ORIGIN, (record) => ({ ...record, cap: 1 }));
    // A's request, let through at 1 s, is due at 2 s (the record says so).
    const held = await sent(a);
    // B waits from 1.007 s: its looks (every thirty-second of an answer's time) fall at 2.007 s.
    await clock.sleep(7);
    let enteredAt = 0;
    const waitingB = b.enter(ORIGIN, {}).then((ticket) => {
      enteredAt = clock.now();
      return ticket;
    });
    await answeredAt(clock, a, held, START + 2_000);
    const ticketB = await waitingB;
    // Looked for the moment A's answer is recorded, just after it was due.
    expect(enteredAt - START).toBe(2_001);
    // A holds nothing now; B's request is due a second after it went.
    expect(
      decodeConcurrencyRecord((await store.read(`${ORIGIN}#concurrency`))?.state.concurrency),
    ).toMatchObject({
      answersDue: [['b', START + 3_001]],
    });
    await b.settle(ticketB, 'accepted');
    // Nothing in flight: nobody's answer is due.
    expect((await books[0]!.read(ORIGIN)).answersDue).toBeUndefined();
  });

  it('read answers due only as the toolkit writes them', () => {
    expect(decodeConcurrencyRecord({ answersDue: [['a', START]] })).toEqual({ answersDue: [['a', START]] });
    expect(decodeConcurrencyRecord({ answersDue: [['a', 'soon']] })).toBeUndefined();
    expect(decodeConcurrencyRecord({ answersDue: [['a']] })).toBeUndefined();
    expect(decodeConcurrencyRecord({ answersDue: 'a' })).toBeUndefined();
  });
});
