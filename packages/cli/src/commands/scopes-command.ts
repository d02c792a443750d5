import { Command } from 'commander';
import { chooseOperations, discover } from 'generation-agent-toolkit';
import { action, type SetExit } from '../action.js';
import { baseUrlOf } from '../base-url.js';
import { list, timeoutOf, withJson, withTimeout } from '../common-options.js';

export function scopesCommand(setExit: SetExit): Command {
  return withTimeout(withJson(new Command('scopes')))
    .description('The minimum scopes a token needs for some operations (ids or categories).')
    .argument('[url]', 'the service base URL (default: GENTK_BASE_URL)')
    .requiredOption(
      '--ops <list>',
      'operation ids and/or categories, comma-separated (e.g. get_wallet_balance,billing)',
    )
    .action(
      action<{ json?: boolean; ops: string; timeout?: number }>(setExit, async (output, options, url) => {
        const service = await discover(baseUrlOf(url), { models: false, ...timeoutOf(options) });
        const wanted = list(options.ops);
        const categories = new Set(service.operations.map((operation) => operation.category).filter(Boolean));
        // An item that names a category takes the category; anything else must be an operation id.
        const choice = {
          ids: wanted.filter((item) => !categories.has(item)),
          categories: wanted.filter((item) => categories.has(item)),
        };
        for (const id of choice.ids) service.requireOperation(id);
        const operations = chooseOperations(service.operations, choice);
        const scopes = service.minimumScopes(operations.map((operation) => operation.id));
        output.data({
          scopes,
          operations: operations.map((operation) => ({
            id: operation.id,
            requiredScope: operation.requiredScope,
          })),
        });
        if (!output.json) {
          output.line(scopes.length ? scopes.join(' ') : '(no scope needed)');
          output.note(
            output.colour.dim(
              `${operations.length} operations; generation operations need the API key, not a scope.`,
            ),
          );
        }
        return undefined;
      }),
    );
}
