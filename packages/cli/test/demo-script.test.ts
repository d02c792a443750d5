import { describe, expect, it } from 'vitest';
import { closingReply } from '../src/demo/demo-script.js';
import type { DemoToolCall } from '../src/demo/scripted-model.js';

const call = (did: string, meant: string): DemoToolCall => ({ tool: 'tool', input: {}, did, meant });
const paint = call('painted a lighthouse', 'paint a lighthouse');
const film = call('filmed the waves', 'film the waves');
const fund = call('added $20 to the wallet', 'add $20 to the wallet');

describe("the demo assistant's closing reply", () => {
  it('says "Done" only when every call was done', () => {
    expect(
      closingReply([
        { call: paint, outcome: { kind: 'done' } },
        { call: film, outcome: { kind: 'done' } },
        { call: fund, outcome: { kind: 'done' } },
      ]),
    ).toBe('Done: I painted a lighthouse, filmed the waves and added $20 to the wallet.');
  });

  it('tells a denial, a failure and a job still running as what they are', () => {
    expect(
      closingReply([
        { call: paint, outcome: { kind: 'done' } },
        { call: film, outcome: { kind: 'still-running' } },
        { call: fund, outcome: { kind: 'denied', reason: 'you declined it' } },
      ]),
    ).toBe(
      'I painted a lighthouse. I set out to film the waves, and the job is still running. I did not add $20 to the wallet, because you declined it.',
    );
    expect(
      closingReply([
        { call: paint, outcome: { kind: 'failed', message: 'The wallet is empty.' } },
        { call: fund, outcome: { kind: 'denied' } },
      ]),
    ).toBe(
      'I could not paint a lighthouse: The wallet is empty. I did not add $20 to the wallet, because the call was not approved.',
    );
  });
});
