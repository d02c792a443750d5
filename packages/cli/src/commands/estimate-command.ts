/**
 * `gentk estimate <operation> --input …`: what a call would cost, from the model feed and the
 * input, without sending it and without credentials (so the account's plan is not known).
 * @module
 */
import { Command, Option } from 'commander';
import { discover, loadTokenCounter } from 'generation-agent-toolkit';
import { estimateCost } from 'generation-agent-toolkit/spend';
import { action, type SetExit } from '../action.js';
import { baseUrlOf } from '../base-url.js';
import { callInputOf, type InputFlags } from '../call-input.js';
import { timeoutOf, withJson, withTimeout } from '../common-options.js';
import { estimateLine } from '../estimate-line.js';
import { EXIT, usageError } from '../exit-codes.js';

interface EstimateFlags extends InputFlags {
  readonly json?: boolean;
  readonly timeout?: number;
}

export function estimateCommand(setExit: SetExit): Command {
  return withTimeout(withJson(new Command('estimate')))
    .description('Estimate what a call would cost, from the model feed and the input; nothing is sent.')
    .argument('<operation>', 'the operation id (see gentk discover / gentk tools)')
    .argument('[url]', 'the service base URL (default: GENTK_BASE_URL)')
    .option('--input <json>', 'the input as JSON (default: {})')
    .addOption(new Option('--input-file <path>', 'read the input JSON from a file').conflicts('input'))
    .action(
      action<EstimateFlags>(setExit, async (output, flags, operationId, url) => {
        const input = await callInputOf(flags);
        if (typeof input !== 'object' || input === null || Array.isArray(input))
          throw usageError(
            '--input must be a JSON object, like \'{"model_id":"flux-dev","prompt":"a fox"}\'.',
          );
        const service = await discover(baseUrlOf(url), timeoutOf(flags));
        const operation = service.requireOperation(operationId as string);
        const estimate = estimateCost({
          operation,
          input: input as Record<string, unknown>,
          models: service.models,
          plan: { kind: 'unknown', reason: 'gentk estimate reads no account' },
          countTokens: await loadTokenCounter(),
        });
        output.data(estimate);
        output.line(`${operation.id}: ${estimateLine(estimate)}`);
        return EXIT.ok;
      }),
    );
}
