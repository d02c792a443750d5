/**
 * Issue 22, finding 8: `gentk demo --base-url` saves result files only through the provider's
 * download policy, streaming. The service here (an emulator behind a proxy of this test's) names
 * its image result on another origin (a loopback server standing for an internal host: it must
 * receive nothing), and its video result as an endless body on its own origin (it must be cut at
 * --max-download-bytes, the process never holding it whole, and no partial file left). The speech
 * file, on the service's own origin and small, is saved as before.
 */

import { readdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliProcess } from '../../support/cli.js';
import { type LoopbackServer, listenOnLoopback } from '../../support/loopback-server.js';
import { useTemporaryFolder } from '../../support/temporary-folders.js';

const PASSWORD = 'demo-downloads-Passw0rd';
const folder = useTemporaryFolder('gentk-demo-downloads-');

let emulator: Emulator;
let proxy: LoopbackServer;
let foreign: LoopbackServer;
const foreignRequests: string[] = [];
let endlessBytesSent = 0;

/** Forwards a request to the emulator, with its origin and the result URLs rewritten. */
async function forward(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const origin = `http://${request.headers.host}`;
  const path = request.url ?? '/';
  if (path === '/endless.mp4') {
    response.writeHead(200, { 'content-type': 'video/mp4' });
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const pump = () => {
      while (!response.destroyed && response.write(chunk)) endlessBytesSent += chunk.byteLength;
      if (!response.destroyed) response.once('drain', pump);
    };
    response.on('close', () => response.removeAllListeners('drain'));
    pump();
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers.set(name, value);
  const upstream = await fetch(`${emulator.url}${path}`, {
    method: request.method ?? 'GET',
    headers,
    ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    redirect: 'manual',
  });
  const type = upstream.headers.get('content-type') ?? '';
  const answer: Record<string, string> = { 'content-type': type };
  const location = upstream.headers.get('location');
  if (location) answer.location = location.replaceAll(emulator.url, origin);
  if (!/json|text|markdown/.test(type)) {
    response.writeHead(upstream.status, answer).end(Buffer.from(await upstream.arrayBuffer()));
    return;
  }
  const text = (await upstream.text())
    .replaceAll(emulator.url, origin)
    .replace(/http:\/\/127\.0\.0\.1:\d+\/cdn\/[^"]+\.png/g, `${foreign.url}/internal/secret.png`)
    .replace(/http:\/\/127\.0\.0\.1:\d+\/cdn\/[^"]+\.mp4/g, `${origin}/endless.mp4`);
  response.writeHead(upstream.status, answer).end(text);
}

beforeAll(async () => {
  emulator = await startEmulator({ timeScale: 0.02, jobDurations: { video: 60 } });
  proxy = await listenOnLoopback(
    createServer((request, response) => {
      void forward(request, response).catch(() => response.destroy());
    }),
  );
  foreign = await listenOnLoopback(
    createServer((request, response) => {
      foreignRequests.push(`${request.method} ${request.url}`);
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(1024));
    }),
  );
});
afterAll(async () => {
  await proxy?.close();
  await foreign?.close();
  await emulator?.close();
});

describe('gentk demo --base-url against a service that names odd result files', () => {
  it('saves only what the download policy allows, streaming, within the byte limit', {
    timeout: 120_000,
  }, async () => {
    const account = emulator.createAccount({ password: PASSWORD });
    const directory = folder.path;
    const result = await runCliProcess(
      [
        'demo',
        '--base-url',
        proxy.url,
        '--output-dir',
        directory,
        '--yes',
        '--max-download-bytes',
        String(4 * 1024 * 1024),
      ],
      { env: { GENTK_EMAIL: account.email, GENTK_PASSWORD: PASSWORD, GENTK_API_KEY: account.apiKey } },
    );
    expect(result.code, result.stderr).toBe(0);
    // The other origin was never asked.
    expect(foreignRequests).toEqual([]);
    expect(result.stdout).toMatch(
      /not saved\s+\S+\/internal\/secret\.png: The result file was not downloaded/,
    );
    // The endless body was cut at the limit: a few MiB read, not the gigabytes it would send.
    expect(result.stdout).toMatch(/not saved\s+\S+\/endless\.mp4/);
    expect(endlessBytesSent).toBeLessThan(64 * 1024 * 1024);
    const saved = await readdir(directory);
    expect(saved.some((name) => name.includes('speech'))).toBe(true);
    expect(saved.some((name) => name.endsWith('.png') || name.endsWith('.mp4'))).toBe(false);
  });
});
