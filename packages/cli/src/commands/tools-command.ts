import { Command } from 'commander';
import {
  connect,
  createToolSpecs,
  discover,
  type SchemaProfile,
  type ToolMode,
} from 'generation-agent-toolkit';
import { action, type SetExit } from '../action.js';
import { baseUrlOf } from '../base-url.js';
import { timeoutOf, withCredentials, withJson, withTimeout, withToolShape } from '../common-options.js';
import { type CredentialFlags, credentialsFor, tokenStoreOf } from '../credentials.js';
import { printStorageWarning } from '../storage-warning.js';
import { withheldError } from '../withheld-message.js';

interface ToolsFlags extends CredentialFlags {
  readonly json?: boolean;
  readonly mode: ToolMode;
  readonly schema: SchemaProfile;
  readonly budget: number;
  readonly prefix?: string;
  readonly timeout?: number;
}

export function toolsCommand(setExit: SetExit): Command {
  return withToolShape(withTimeout(withCredentials(withJson(new Command('tools')))))
    .description(
      'The tools an agent would get, and their token footprint. With credentials, exactly what the agent may use.',
    )
    .argument('[url]', 'the service base URL (default: GENTK_BASE_URL)')
    .action(
      action<ToolsFlags>(setExit, async (output, options, url) => {
        const service = await discover(baseUrlOf(url), timeoutOf(options));
        const { auth, apiKey } = await credentialsFor(options, service.origin, { token: true, apiKey: true });
        const session = await connect({
          service,
          // Listing sends nothing: without a key, generation tools are listed as a key would make them.
          apiKey: apiKey ?? 'listing-only',
          tokenStore: tokenStoreOf(options),
          ...(auth ? { auth } : {}),
          http: { ...timeoutOf(options), onWarning: printStorageWarning },
        });
        try {
          const set = createToolSpecs(session, {
            mode: options.mode,
            schema: options.schema,
            tokenBudget: options.budget,
            ...(options.prefix ? { prefix: options.prefix } : {}),
          });
          const footprint = await set.footprint();
          const tokensOf = new Map(footprint.perTool.map((tool) => [tool.name, tool.tokens]));
          const tools = set.tools.map((tool) => ({
            name: tool.name,
            kind: tool.kind,
            operationId: tool.operationId ?? null,
            effect: tool.effect,
            tokens: tokensOf.get(tool.name) ?? 0,
          }));
          output.data({
            mode: set.mode,
            schema: options.schema,
            tokens: footprint.tokens,
            tools,
            withheld: session.withheld.map((entry) => ({
              operationId: entry.operationId,
              reason: entry.reason,
              message: withheldError(entry, service).message,
            })),
          });
          if (!output.json) {
            for (const tool of tools)
              output.line(
                `${tool.name.padEnd(48)} ${String(tool.tokens).padStart(5)} tokens  ${tool.effect}`,
              );
            output.line();
            output.line(
              `${tools.length} tools, ${footprint.tokens} tokens (${set.mode}, ${options.schema}); ${set.dynamicOperationIds.length} operations reached through the dynamic tools; ${session.withheld.length} withheld.`,
            );
          }
          return undefined;
        } finally {
          await session.close();
        }
      }),
    );
}
