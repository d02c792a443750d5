/**
 * A client whose transport answers from a script, on virtual time: each request takes the next
 * answer (then 200 `{"ok":true}`), and the moment of each send is recorded.
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { HttpClient, type Transport, type TransportResponse } from '../../../src/http/index.js';
import { createVirtualClock } from '../../support/virtual-clock.js';

/** A JSON answer with `status`, `headers` and `body`. */
export function answer(status: number, headers: Record<string, string>, body: unknown): TransportResponse {
  return {
    status,
    headers: new Headers({ 'content-type': 'application/json', ...headers }),
    body: JSON.stringify(body),
  };
}

/** A client on `answers`, starting at `start` on its virtual clock; `sent` holds each send's moment. */
export function clientOn(answers: TransportResponse[], start: number) {
  const clock = createVirtualClock(new ManualClock(start));
  const sent: number[] = [];
  const transport: Transport = async () => {
    sent.push(clock.now());
    return answers.shift() ?? answer(200, {}, { ok: true });
  };
  const client = new HttpClient({ baseUrl: 'http://127.0.0.1:9', clock, transport, random: () => 0.5 });
  return { client, sent, clock };
}
