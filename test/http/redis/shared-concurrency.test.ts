/**
 * The account's limits on things at once, kept in one Redis by four clients (four processes'
 * worth, each its own connection): the job slots and the cap on requests in flight are one count
 * between them, as the service counts them, not four counts each believing it has the account.
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyBook } from '../../../src/http/rate-limit/concurrency-book.js';
import { InFlightCap } from '../../../src/http/rate-limit/in-flight-cap.js';
import { JobSlots } from '../../../src/http/rate-limit/job-slots.js';
import { redisFleetStores } from '../../support/redis-fleet-stores.js';
import { createVirtualClock } from '../../support/virtual-clock.js';

const START = Date.UTC(2026, 0, 1, 0, 0, 0, 300);
const ORIGIN = 'https://api.example.com';

const redis = redisFleetStores('concurrency');

beforeAll(() => redis.start(), 30_000);
afterAll(() => redis.stop());

describe('four clients sharing one Redis', () => {
  it('keep one count of the account’s job slots: a limit one learns holds them all', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const stores = await redis.stores(4, clock);
    const fleet = stores.map((store) => new JobSlots(clock, undefined, store));
    // One client meets "Maximum 3 queued requests": every client now holds to three between them.
    await fleet[0]!.learnLimit(ORIGIN, 3);
    const taken = await Promise.all([fleet[1]!, fleet[2]!, fleet[3]!].map((slots) => slots.acquire(ORIGIN)));
    for (const slot of taken) slot.markRunning();
    let fourth = false;
    const waiting = fleet[0]!.acquire(ORIGIN, { deadline: START + 60_000 }).then((slot) => {
      fourth = true;
      return slot;
    });
    await clock.hold(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fourth).toBe(false);
    expect(fleet[0]!.limitOf(ORIGIN)).toBe(3);
    // A job ends in another process: the waiting client sees the place freed and takes it.
    const freedAt = clock.now();
    taken[1]!.release();
    const slot = await waiting;
    expect(fourth).toBe(true);
    expect(clock.now() - freedAt).toBeLessThan(1_000);
    slot.release();
    taken[0]!.release();
    taken[2]!.release();
  }, 30_000);

  it('learn one cap on requests in flight from a refusal, counting every process’s requests', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const stores = await redis.stores(4, clock);
    const caps = stores.map(
      (store, index) => new InFlightCap(new ConcurrencyBook(clock, store, `governor-${index}`)),
    );
    // Three processes have two requests each on the wire; the fourth's first is refused.
    const open = [];
    for (const cap of caps.slice(0, 3)) {
      for (let request = 0; request < 2; request += 1) {
        const ticket = await cap.enter(ORIGIN, {});
        cap.sent(ticket);
        open.push({ cap, ticket });
      }
    }
    const refused = await caps[3]!.enter(ORIGIN, {});
    caps[3]!.sent(refused);
    await caps[3]!.settle(refused, 'refused');
    // Six were in flight fleet-wide: the cap is six, for every process (not one, its own count).
    // Every process reads the record again as it lets its next request through.
    for (const cap of caps) {
      const fresh = await cap.enter(ORIGIN, { deadline: clock.now() + 1 }).catch(() => undefined);
      if (fresh) await cap.settle(fresh, 'other');
    }
    for (const cap of caps) expect(cap.states()).toEqual([expect.objectContaining({ cap: 6 })]);
    // Full: a seventh waits until one of the six is answered, in whichever process.
    let seventh = false;
    const waiting = caps[3]!.enter(ORIGIN, { deadline: START + 60_000 }).then((ticket) => {
      seventh = true;
      return ticket;
    });
    await clock.hold(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(seventh).toBe(false);
    const answered = open.pop()!;
    await answered.cap.settle(answered.ticket, 'accepted');
    const ticket = await waiting;
    expect(seventh).toBe(true);
    await caps[3]!.settle(ticket, 'accepted');
    for (const { cap, ticket: held } of open) await cap.settle(held, 'accepted');
  }, 30_000);
});
