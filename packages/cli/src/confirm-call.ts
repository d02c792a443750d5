import { confirm } from '@inquirer/prompts';
import {
  handlesCredentials,
  needsApproval,
  type Operation,
  type OperationEffect,
} from 'generation-agent-toolkit';
import { isSecretField, REDACTED } from 'generation-agent-toolkit/http';
import { CliError, EXIT, usageError } from './exit-codes.js';

/** Asks a person a yes/no question; resolves to their answer. */
export type AskConfirmation = (question: string) => Promise<boolean>;

/** What a call of this effect does, as the question and the refusal say it. */
const EFFECT_IN_WORDS: Readonly<Record<OperationEffect, string>> = {
  read: 'reads',
  write: 'changes something',
  money: 'moves money',
  destructive: 'deletes something for good',
};

const MAX_VALUE_LENGTH = 60;
const MAX_FIELDS = 8;

/** `amount: 20, note: "for the demo"`: the arguments a person checks before saying yes, long values cut. */
export function argumentsInBrief(input: Readonly<Record<string, unknown>>): string {
  const entries = Object.entries(input);
  if (entries.length === 0) return 'no arguments';
  const shown = entries.slice(0, MAX_FIELDS).map(([name, value]) => {
    // A password or a code is the person's own: the question never prints it.
    const text = isSecretField(name) ? REDACTED : (JSON.stringify(value) ?? String(value));
    return `${name}: ${text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text}`;
  });
  const more = entries.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? `, and ${more} more` : ''}`;
}

/** Asks on the terminal (on stderr, so that stdout stays the command's data); "no" is the default. */
const askOnTerminal: AskConfirmation = (question) =>
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
  const effect = handlesCredentials(operation)
    ? "handles the account's credentials"
    : EFFECT_IN_WORDS[operation.effect];
  if (!options.interactive) throw usageError(`${operation.id} ${effect}: pass --yes to confirm.`);
  const what = operation.summary ? `${operation.summary}: ` : '';
  const question = `${operation.id} ${effect} (${what}${operation.method} ${operation.path}) with ${argumentsInBrief(input)}. Go ahead?`;
  if (!(await (options.ask ?? askOnTerminal)(question))) {
    throw new CliError(`${operation.id} was not called: not confirmed.`, EXIT.usage, 'not_confirmed');
  }
}
