/**
 * Finding 13 of issue 14: the MCP adapter's annotations tell the truth (`idempotentHint` only
 * where calling again with the same arguments does nothing more), and the emulator's MCP servers
 * refuse what a web page could send them through a browser (DNS rebinding, a foreign Origin), as
 * the MCP transport spec requires.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolSpecs } from '../../../src/tools/index.js';
import { type AdapterBed, startAdapterBed } from '../../support/adapter-bed.js';

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

let bed: AdapterBed;
beforeAll(async () => {
  bed = await startAdapterBed({ credits: 100 });
});
afterAll(() => bed.close());

describe('idempotentHint', () => {
  it('is false for funding the wallet, as two identical calls fund it twice', async () => {
    const tools = createToolSpecs(bed.session, { mode: 'typed' });
    const fund = tools.tool('post_wallet_fund');
    expect(fund?.annotations.idempotentHint).toBe(false);
    const before = bed.emulator.inspect(bed.account.email)?.balance ?? 0;
    const call = { amount: 5, payment_method_id: 'pm_card_visa' };
    const first = await fund?.execute(call);
    const second = await fund?.execute(call);
    expect([first, second]).toMatchObject([{ ok: true }, { ok: true }]);
    expect((bed.emulator.inspect(bed.account.email)?.balance ?? 0) - before).toBe(10);
  });

  it('is true for reads and for deletion, where a repeat does nothing more', () => {
    const tools = createToolSpecs(bed.session, { mode: 'typed' });
    expect(tools.tool('get_wallet_balance')?.annotations.idempotentHint).toBe(true);
    expect(tools.tool('delete_api_keys_by_id')?.annotations.idempotentHint).toBe(true);
    expect(tools.tool('v7_images_text_to_image')?.annotations.idempotentHint).toBe(false);
  });
});

/** POSTs an MCP initialize to the emulator with the given Host and Origin; gives the status. */
function initialize(path: string, headers: { host?: string; origin?: string }): Promise<number> {
  const target = new URL(path, bed.emulator.url);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(INITIALIZE);
  });
}

describe('the emulator’s MCP servers', () => {
  const servers = ['/mcp/control-plane', '/mcp/generation-v8'];
  const own = () => new URL(bed.emulator.url);

  it.each(servers)('refuse a foreign Origin with 403 (%s)', async (path) => {
    expect(await initialize(path, { origin: 'http://attacker.example' })).toBe(403);
  });

  it.each(servers)(
    'refuse a Host that is a name other than the emulator’s (DNS rebinding) (%s)',
    async (path) => {
      expect(await initialize(path, { host: `attacker.example:${own().port}` })).toBe(403);
      expect(
        await initialize(path, {
          host: `attacker.example:${own().port}`,
          origin: `http://attacker.example:${own().port}`,
        }),
      ).toBe(403);
    },
  );

  it.each(servers)('serve clients without an Origin, and their own origin (%s)', async (path) => {
    expect(await initialize(path, {})).toBe(200);
    expect(await initialize(path, { origin: own().origin })).toBe(200);
    expect(
      await initialize(path, { host: `localhost:${own().port}`, origin: `http://localhost:${own().port}` }),
    ).toBe(200);
  });
});
