import { confirm } from '@inquirer/prompts';
import {
  argumentsAmountsFirst,
  effectWords,
  handlesCredentials,
  needsApproval,
  type Operation,
} from 'generation-agent-toolkit';
import { isSecretField, REDACTED } from 'generation-agent-toolkit/http';
import { CliError, EXIT, usageError } from './exit-codes.js';

/** Asks a person a yes/no question; resolves to their answer. */
export type AskConfirmation = (question: string) => Promise<boolean>;

const MAX_VALUE_LENGTH = 60;
const MAX_FIELDS = 8;

const shownValue = (name: string, value: unknown): string =>
  // A password or a code is the person's own: the question never prints it.
  isSecretField(name) ? REDACTED : (JSON.stringify(value) ?? String(value));

/**
 * `amount: 20, payment_method_id: "pm_card_visa"`: the arguments a person checks before saying yes,
 * in the library's one approval ordering (MCP's question uses it too): the fields that carry
 * amounts and counts first and whole, never cut and never left out, whatever order the input gave
 * them in; then the others, each cut at 60 characters, up to 8 fields in all.
 */
export function argumentsInBrief(input: Readonly<Record<string, unknown>>): string {
  const { amounts, others } = argumentsAmountsFirst(input);
  if (amounts.length + others.length === 0) return 'no arguments';
  const shown = [
    ...amounts.map(([name, value]) => `${name}: ${shownValue(name, value)}`),
    ...others.slice(0, Math.max(0, MAX_FIELDS - amounts.length)).map(([name, value]) => {
      const text = shownValue(name, value);
      return `${name}: ${text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text}`;
    }),
  ];
  const more = amounts.length + others.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? `, and ${more} more` : ''}`;
}

/** Asks on the terminal (on stderr, so that stdout stays the command's data); "no" is the default. */
export const askOnTerminal: AskConfirmation = (question) =>
  confirm({ message: question, default: false }, { output: process.stderr });

/**
 * Lets a call that moves money, destroys something or handles the account's credentials go ahead
 * only when a person said so: `--yes`,
 * or a "yes" at the terminal. Which calls need it is the library's approval rule (the operation's
 * effect, as tools ask for approval), not a list of ids. Without a terminal and without `--yes`
 * it refuses (a usage error that says to pass --yes); a "no" is refused too, and nothing is sent.
 */
export async function confirmCall(options: {
  readonly operation: Operation;
  /** The checked input, as it will be sent. */
  readonly input: Readonly<Record<string, unknown>>;
  readonly yes: boolean;
  /** Whether a person can answer: stdin is a terminal. */
  readonly interactive: boolean;
  readonly ask?: AskConfirmation;
}): Promise<void> {
  const { operation, input } = options;
  if (options.yes || !(await needsApproval('default', operation, input))) return;
  // The same words as every approval question of the library (tools/effect-wording.ts).
  const { does, consequence } = effectWords({
    effect: operation.effect,
    handlesCredentials: handlesCredentials(operation),
  });
  // Off a terminal the refusal says what --yes would approve, amounts first, as the question would.
  if (!options.interactive)
    throw usageError(`${operation.id} ${does} with ${argumentsInBrief(input)}: pass --yes to confirm.`);
  const what = operation.summary ? `${operation.summary}: ` : '';
  const means = consequence ? ` ${consequence.charAt(0).toUpperCase()}${consequence.slice(1)}.` : '';
  const question = `${operation.id} ${does} (${what}${operation.method} ${operation.path}) with ${argumentsInBrief(input)}.${means} Go ahead?`;
  if (!(await (options.ask ?? askOnTerminal)(question))) {
    throw new CliError(`${operation.id} was not called: not confirmed.`, EXIT.usage, 'not_confirmed');
  }
}
