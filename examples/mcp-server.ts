/**
 * The toolkit as an MCP server over stdio, for desktop clients that launch their servers as a
 * process (Claude Desktop, Cursor): see `examples/mcp/claude_desktop_config.json`.
 *
 *   npx tsx examples/mcp-server.ts
 *
 * It then waits for an MCP client on stdin. Without GENTK_BASE_URL it serves an embedded emulator
 * of the service, so a client can try it with nothing to set up; with GENTK_BASE_URL,
 * GENTK_API_KEY, GENTK_EMAIL and GENTK_PASSWORD it serves your service.
 *
 * stdout carries the protocol: everything this script says goes to stderr.
 */
import { connect } from 'generation-agent-toolkit';
import { createMcpServerFactory, serveStdio } from 'generation-agent-toolkit/mcp';
import { requireAuth, startTargetService } from './support/target-service.js';

const log = (line: string) => process.stderr.write(`${line}\n`);

const target = await startTargetService({ log });
const session = await connect({
  baseUrl: target.baseUrl,
  apiKey: target.apiKey,
  auth: requireAuth(target),
  operations: {
    ids: ['get_wallet_balance', 'v7_images_text_to_image', 'v8_audio_text_to_speech', 'post_wallet_fund'],
  },
});

const factory = createMcpServerFactory(session, {
  mode: 'typed',
  // Money calls wait for a person. A client that supports MCP elicitation asks them in its own
  // window; for clients that do not, this policy decides instead: small top-ups only.
  approve: ({ operationId, arguments: input }) =>
    operationId === 'post_wallet_fund' && Number((input as { amount?: unknown }).amount) <= 5,
});
// The factory serves both protocol versions: 2026-07-28 clients and 2025-11-25 ones.
const connection = await serveStdio(factory);
log(`✓ MCP server ready on stdio: ${session.operations.map((operation) => operation.id).join(', ')}`);

// The client closes stdin when it is done; a signal is the other way to stop.
process.once('SIGTERM', () => void connection.close());
process.once('SIGINT', () => void connection.close());
await connection.closed;
await session.close(); // revokes the token the session obtained
await target.close();
log('✓ session closed');
