/**
 * The words for what a call does to the account, in one place: the AI SDK approval reason,
 * LangChain's review description, the MCP approval question and its refusals, and the `gentk`
 * confirmation all take them from here, for typed tools and for `call_operation` alike, so a person
 * reads the same thing (that it moves money, deletes for good, hands out a credential) whichever
 * way the call reached them.
 * @module
 */

import type { OperationEffect } from '../discovery/types.js';

/** What the words are about: an operation's effect, and whether it writes credentials. */
export interface WordedEffect {
  readonly effect: OperationEffect;
  readonly handlesCredentials?: boolean;
}

/** What a call that writes credentials does, as a verb phrase: "issueServiceKey handles credentials". */
export const HANDLES_CREDENTIALS = 'handles credentials';

/** What handling credentials means, after {@link HANDLES_CREDENTIALS} and a colon. */
export const CREDENTIALS_CONSEQUENCE = 'it creates or changes an API key, a token or a password';

/** Per effect: the verb phrase after the operation's name, and what it means for the person. */
const WORDS: Readonly<Record<OperationEffect, { readonly does: string; readonly consequence?: string }>> = {
  money: { does: 'moves money', consequence: 'the account or a card may be charged' },
  destructive: { does: 'deletes or revokes something', consequence: 'it cannot be undone' },
  write: { does: 'changes something on the account' },
  read: { does: 'only reads' },
};

/**
 * Whether the words say the call handles credentials: money and deletion say theirs (they are the
 * graver consequence); a credential operation that writes or reads says this.
 */
function saysHandlesCredentials(subject: WordedEffect): boolean {
  return subject.handlesCredentials === true && (subject.effect === 'write' || subject.effect === 'read');
}

/**
 * What a call of `subject` does, in the words every approval question uses: `does`, a verb phrase
 * after the operation's name ("moves money", "deletes or revokes something", "handles
 * credentials", "changes something on the account", "only reads"), and, for the effects a person
 * is asked about by default, `consequence`, what it means for them ("the account or a card may be
 * charged", "it cannot be undone"), to follow a colon.
 *
 * @example
 * ```ts
 * import { effectWords } from 'generation-agent-toolkit';
 *
 * const { does, consequence } = effectWords({ effect: 'write', handlesCredentials: true });
 * console.log(`issueServiceKey ${does}: ${consequence}.`);
 * // "issueServiceKey handles credentials: it creates or changes an API key, a token or a password."
 * ```
 */
export function effectWords(subject: {
  readonly effect: OperationEffect;
  readonly handlesCredentials?: boolean;
}): {
  readonly does: string;
  readonly consequence?: string;
} {
  return saysHandlesCredentials(subject)
    ? { does: HANDLES_CREDENTIALS, consequence: CREDENTIALS_CONSEQUENCE }
    : WORDS[subject.effect];
}

/**
 * One sentence of what a call does, with `who` as its subject: "It moves money: the account or a
 * card may be charged.", "This call only reads."
 */
export function effectSentence(who: string, subject: WordedEffect): string {
  const { does, consequence } = effectWords(subject);
  return consequence ? `${who} ${does}: ${consequence}.` : `${who} ${does}.`;
}

/**
 * Whether the effect alone is what a person is asked about (money, deletion, credentials), as
 * against a call the application's approval rule sends to a person for its own reasons (a
 * threshold on cost, `'always'`): the words then say the rule asks, not what the call does.
 */
export function effectAsksPerson(subject: WordedEffect): boolean {
  return effectWords(subject).consequence !== undefined;
}

/**
 * Why a person is asked, as a verb phrase after the operation's name: what it does when that is
 * the reason ("moves money"), else that the approval rule asks ("is set to need approval").
 */
export function approvalWords(subject: WordedEffect): string {
  return effectAsksPerson(subject) ? effectWords(subject).does : 'is set to need approval';
}
