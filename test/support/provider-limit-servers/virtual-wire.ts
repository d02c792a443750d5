/**
 * Answers that take virtual time. The virtual clock holds time still while a request is on the
 * wire; a server that answers after a virtual delay must let it move meanwhile, and hold it
 * again from the moment it answers until the answer is read. The wire tags each request
 * (`x-virtual-wire`) so that the server can say which request it is sleeping on.
 * @module
 */
import type { Transport } from '../../../src/http/index.js';
import type { VirtualClock } from '../virtual-clock.js';

export interface VirtualWire {
  /** Wraps a transport: each request holds time still until it reaches a sleeping server or is answered. */
  wrap(transport: Transport): Transport;
  /** Server side: answer request `id` with `answer` after `ms` of virtual time. */
  answerAfter(id: string, ms: number, answer: () => void): void;
}

export function createVirtualWire(clock: VirtualClock): VirtualWire {
  let next = 0;
  const waiting = new Map<string, { arrived: () => void; answering: () => void }>();
  return {
    wrap: (transport) => (request) => {
      const id = String(next++);
      let arrived!: () => void;
      const sleeping = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const answer = transport({ ...request, headers: { ...request.headers, 'x-virtual-wire': id } });
      const settled = answer.then(
        () => undefined,
        () => undefined,
      );
      waiting.set(id, {
        arrived,
        answering: () => void clock.hold(() => settled),
      });
      void clock.hold(() => Promise.race([settled, sleeping]));
      return answer.finally(() => waiting.delete(id));
    },
    answerAfter(id, ms, answer) {
      const entry = waiting.get(id);
      void clock.sleep(ms).then(() => {
        entry?.answering();
        answer();
      });
      entry?.arrived();
    },
  };
}
