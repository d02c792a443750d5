import { Command } from 'commander';
import { connect, discover, type SchemaProfile, type ToolMode } from 'generation-agent-toolkit';
import { action, type SetExit } from '../action.js';
import { baseUrlOf } from '../base-url.js';
import { list, timeoutOf, withCredentials, withTimeout, withToolShape } from '../common-options.js';
import { type CredentialFlags, credentialsFor, tokenStoreOf } from '../credentials.js';
import { EXIT } from '../exit-codes.js';
import { parseNumber } from '../numbers.js';
import { printStorageWarning } from '../storage-warning.js';

interface McpFlags extends CredentialFlags {
  readonly json?: boolean;
  readonly http?: boolean;
  readonly port: number;
  readonly host: string;
  readonly operations?: string[];
  readonly mode: ToolMode;
  readonly schema: SchemaProfile;
  readonly budget: number;
  readonly prefix?: string;
  readonly spendLimit?: number;
  readonly yes?: boolean;
  readonly confirmAbove?: number;
  readonly waitSeconds: number;
  readonly timeout?: number;
}

/** Resolves when the process is told to stop. */
function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

/**
 * `gentk mcp`: the toolkit as an MCP server, over stdio (what a host's configuration file
 * launches) or Streamable HTTP on loopback (`--http`). Both protocol versions are served. stdout
 * carries the protocol over stdio, so everything gentk says goes to stderr.
 */
export function mcpCommand(setExit: SetExit): Command {
  return withToolShape(withTimeout(withCredentials(new Command('mcp'))))
    .description(
      'Serve the service as MCP tools: over stdio for a host that launches gentk, or over HTTP with --http.',
    )
    .argument('[url]', 'the service base URL (default: GENTK_BASE_URL)')
    .option('--http', 'serve Streamable HTTP on loopback instead of stdio')
    .option(
      '--port <n>',
      'HTTP port (0 picks a free one)',
      parseNumber('--port', { min: 0, integer: true }),
      0,
    )
    .option('--host <host>', 'HTTP interface (loopback only)', '127.0.0.1')
    .option('--operations <ids>', 'offer only these operations (comma-separated ids)', list)
    .option(
      '--spend-limit <amount>',
      'most the session may spend; a call past it is refused before it is sent',
      parseNumber('--spend-limit', { min: 0 }),
    )
    .option(
      '--yes',
      'approve calls that move money or delete something when the client cannot ask the person (no elicitation)',
    )
    .option(
      '--confirm-above <amount>',
      'also ask before a call estimated above this amount, or of unknown cost',
      parseNumber('--confirm-above', { min: 0 }),
    )
    .option(
      '--wait-seconds <n>',
      'longest wait for a job within one tool call before handing back its handle',
      parseNumber('--wait-seconds', { min: 0 }),
      50,
    )
    .action(
      action<McpFlags>(setExit, async (output, flags, url) => {
        // Loaded here: the MCP SDK is an optional peer, needed by this command only.
        const mcp = await import('generation-agent-toolkit/mcp');
        const service = await discover(baseUrlOf(url), timeoutOf(flags));
        const { auth, apiKey } = await credentialsFor(flags, service.origin, { token: true, apiKey: true });
        const session = await connect({
          service,
          ...(flags.operations ? { operations: { ids: flags.operations } } : {}),
          tokenStore: tokenStoreOf(flags),
          ...(apiKey ? { apiKey } : {}),
          ...(auth ? { auth } : {}),
          ...(flags.spendLimit !== undefined ? { budget: { amount: flags.spendLimit } } : {}),
          http: { ...timeoutOf(flags), onWarning: printStorageWarning },
        });
        try {
          const factory = mcp.createMcpServerFactory(session, {
            mode: flags.mode,
            schema: flags.schema,
            tokenBudget: flags.budget,
            waitMs: flags.waitSeconds * 1000,
            ...(flags.prefix ? { prefix: flags.prefix } : {}),
            ...(flags.confirmAbove !== undefined ? { approval: { costAbove: flags.confirmAbove } } : {}),
            // --yes answers for a person only where the client cannot ask one itself.
            ...(flags.yes ? { approve: () => true } : {}),
          });
          if (flags.http) {
            const listener = await mcp.serveMcpHttp(factory, { port: flags.port, hostname: flags.host });
            output.note(`MCP endpoint: ${listener.url}`);
            await stopSignal();
            await listener.close();
          } else {
            const connection = await mcp.serveStdio(factory);
            output.note('gentk mcp: serving on stdio');
            await Promise.race([connection.closed, stopSignal().then(() => connection.close())]);
          }
          return EXIT.ok;
        } finally {
          await session.close();
        }
      }),
    );
}
