import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Emulator, type ManualClock, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, send } from '../../../../test/support/http.js';

let emulator: Emulator;
let receiver: Server;
let receiverUrl: string;
const received: Record<string, unknown>[] = [];
let arrival: (() => void) | undefined;

beforeAll(async () => {
  emulator = await startEmulator({ clock: 'manual', jobDurations: { audio: 4 } });
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push(JSON.parse(body));
      response.end('ok');
      arrival?.();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('webhooks', () => {
  it('POST the final result with the track_id when the job finishes', async () => {
    const account = emulator.createAccount();
    const queued = await send(`${emulator.url}/api/v7/voice/text-to-speech`, {
      headers: bearer(account.apiKey),
      body: { prompt: 'Ding', webhook: receiverUrl, track_id: 'order-17' },
    });
    expect(queued.body.status).toBe('processing');
    const delivered = new Promise<void>((resolve) => {
      arrival = resolve;
    });
    (emulator.clock as ManualClock).advance(4_000);
    await delivered;
    expect(received[0]).toMatchObject({ status: 'success', id: queued.body.id, track_id: 'order-17' });
    await vi.waitFor(() => expect(emulator.webhooks()[0]).toMatchObject({ url: receiverUrl, status: 200 }));
  });

  it('refuse a webhook outside the allowed hosts before charging', async () => {
    const account = emulator.createAccount();
    const refused = await send(`${emulator.url}/api/v7/voice/text-to-speech`, {
      headers: bearer(account.apiKey),
      body: { prompt: 'Ding', webhook: 'https://hooks.example.com/x' },
    });
    expect(refused.body.status).toBe('error');
    expect(refused.body.message).toMatch(/webhookHosts/);
    expect(emulator.inspect(account.email)?.transactions.filter((t) => t.type === 'debit')).toHaveLength(0);
  });
});
