import { createServer } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { runCliProcess } from '../../../test/support/cli.js';
import { useEmulatorForCli } from '../../../test/support/cli-emulator.js';
import { serveDocuments } from '../../../test/support/document-server.js';
import { type LoopbackServer, listenOnLoopback } from '../../../test/support/loopback-server.js';

// Each test starts real gentk processes (through tsx): allow for a loaded two-core machine.
vi.setConfig({ testTimeout: 90_000 });

const LIBRARY_OPTIONS = /\bapiKey\b|register\.fields|maxDocumentBytes|claim callback|connect with email/;

const emulator = useEmulatorForCli();

const openapi = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'tiny', version: '1' },
  paths: { '/ping': { get: { operationId: 'ping', responses: { 200: { description: 'ok' } } } } },
});

/** A service whose OpenAPI document says it is far larger than discovery reads. */
async function hugeDocumentServer(): Promise<LoopbackServer> {
  const server = createServer((request, response) => {
    if (request.url === '/.well-known/api-catalog') {
      response.writeHead(200, { 'Content-Type': 'application/linkset+json' });
      response.end(JSON.stringify({ linkset: [{ 'service-desc': '/openapi.json' }] }));
      return;
    }
    // Declared, never sent: discovery refuses it by its Content-Length.
    response.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': String(64 * 1024 * 1024),
    });
    response.write('{');
  });
  return listenOnLoopback(server);
}

describe("the library's messages, in gentk's words", () => {
  it('a service without a registration runbook: create the account by hand, then --email', async () => {
    const server = await serveDocuments({
      '/.well-known/api-catalog': {
        body: JSON.stringify({ linkset: [{ 'service-desc': '/openapi.json' }] }),
      },
      '/openapi.json': { body: openapi },
    });
    try {
      const result = await runCliProcess(['register', server.url, '--email', 'a@example.test', '--mailbox'], {
        env: { GENTK_PASSWORD: 'irrelevant-Passw0rd' },
      });
      expect(result.code).toBe(3);
      expect(result.stderr).toMatch(/register the account by hand and use --email with GENTK_PASSWORD\./);
      expect(result.stderr).not.toMatch(LIBRARY_OPTIONS);
    } finally {
      await server.close();
    }
  });

  it('a --code-command that fails: reading the e-mailed code failed', async () => {
    const result = await runCliProcess(
      ['register', emulator().url, '--email', 'code-fails@example.test', '--code-command', 'exit 3'],
      { env: { GENTK_PASSWORD: 'irrelevant-Passw0rd' } },
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/Reading the e-mailed code failed: Command failed: exit 3/);
    expect(result.stderr).not.toMatch(LIBRARY_OPTIONS);
  });

  it('a document over the size limit, without the library option that raises it', async () => {
    const server = await hugeDocumentServer();
    try {
      const result = await runCliProcess(['discover', server.url]);
      expect(result.code).toBe(8);
      expect(result.stderr).toMatch(
        /over the limit of 10485760\. gentk does not read documents that large\./,
      );
      expect(result.stderr).not.toMatch(LIBRARY_OPTIONS);
    } finally {
      await server.close();
    }
  });
});
