/**
 * `gentk call --confirm-above <amount>`: a call estimated above the amount (or of unknown cost)
 * goes ahead only when a person says so, with `--yes` or a "yes" at the terminal.
 * @module
 */
import type { CostEstimate } from 'generation-agent-toolkit';
import type { AskConfirmation } from './confirm-call.js';
import { askOnTerminal } from './confirm-call.js';
import { estimateLine } from './estimate-line.js';
import { CliError, EXIT, usageError } from './exit-codes.js';

export async function confirmCost(options: {
  readonly operationId: string;
  readonly estimate: CostEstimate;
  /** `--confirm-above`, in the estimate's major unit; undefined asks nothing. */
  readonly above: number | undefined;
  readonly yes: boolean;
  readonly interactive: boolean;
  readonly ask?: AskConfirmation;
}): Promise<void> {
  const { estimate, above } = options;
  if (above === undefined || options.yes) return;
  if (estimate.kind === 'priced' && estimate.amount <= above) return;
  const cost = estimateLine(estimate);
  const why =
    estimate.kind === 'priced'
      ? `is estimated above ${above} ${estimate.currency}`
      : `has an unknown cost (--confirm-above ${above})`;
  if (!options.interactive)
    throw usageError(`${options.operationId} ${why}: ${cost}. Pass --yes to confirm.`);
  if (!(await (options.ask ?? askOnTerminal)(`${options.operationId} ${why}: ${cost}. Go ahead?`)))
    throw new CliError(`${options.operationId} was not called: not confirmed.`, EXIT.usage, 'not_confirmed');
}
