/**
 * The words every approval question uses for a call that handles the account's credentials: the
 * AI SDK approval reason, LangChain's review description, the MCP approval question and the
 * `gentk` confirmation all take them from here, for typed tools and for `call_operation` alike,
 * so a person reads the same thing whichever way the call reached them.
 * @module
 */

import type { OperationEffect } from '../discovery/types.js';

/** What such a call does, as a verb phrase: "issueServiceKey handles credentials". */
export const HANDLES_CREDENTIALS = 'handles credentials';

/** What handling credentials means, after {@link HANDLES_CREDENTIALS} and a colon. */
export const CREDENTIALS_CONSEQUENCE = 'it creates or changes an API key, a token or a password';

/**
 * Whether the approval words say the call handles credentials: money and deletion say theirs
 * (they are the graver consequence); a credential operation that writes or reads says this.
 */
export function saysHandlesCredentials(subject: {
  readonly effect: OperationEffect;
  readonly handlesCredentials?: boolean;
}): boolean {
  return subject.handlesCredentials === true && (subject.effect === 'write' || subject.effect === 'read');
}

/**
 * The verb phrase an approval question uses for `subject` when it handles credentials
 * ("handles credentials"), or undefined when the words of its effect apply instead.
 *
 * @example
 * ```ts
 * import { credentialWords } from 'generation-agent-toolkit';
 *
 * const words = credentialWords({ effect: 'write', handlesCredentials: true }) ?? 'writes';
 * console.log(`issueServiceKey ${words}`); // "issueServiceKey handles credentials"
 * ```
 */
export function credentialWords(subject: {
  readonly effect: OperationEffect;
  readonly handlesCredentials?: boolean;
}): typeof HANDLES_CREDENTIALS | undefined {
  return saysHandlesCredentials(subject) ? HANDLES_CREDENTIALS : undefined;
}
