/**
 * A tool's description, written for a model and derived from the operation: what it does, what it
 * costs or changes, what it returns, that it waits for the result. Never hand-written per
 * operation.
 * @module
 */

import { handlesCredentials } from '../auth/credential-operations.js';
import type { Operation } from '../discovery/types.js';
import { cutAtWord } from '../schema/cut-at-word.js';
import { isHandledByTheTool, splitSentences, withoutReferences } from './description-sentences.js';
import { describeReturned, returnedContent } from './returned-content.js';

/** The name the resume tool has unless the caller names it otherwise. */
export const DEFAULT_RESUME_TOOL_NAME = 'resume_job';

export interface DescribeToolOptions {
  /**
   * Longest description, in characters (80 at least). The tool's own statements (effect,
   * approval, waiting, deprecation) come whole; the documents' text is cut to make room.
   * @default 600
   */
  readonly maxLength?: number;
  /**
   * The call asks a person for approval before it runs (decided by the caller's approval rule).
   * @default false
   */
  readonly approval?: boolean;
  /**
   * The call asks a person for approval only when its estimated cost is above this amount (or
   * unknown): the approval rule's `costAbove`, when nothing else in the rule asks about it.
   */
  readonly approvalAbove?: number;
  /**
   * The tool a model calls to resume waiting for a job that outlived the tool's wait.
   * @default 'resume_job'
   */
  readonly resumeToolName?: string;
  /**
   * What the operation acts on, said when its name alone does not tell (see `genericOperationIds`):
   * `the modelslab-3d API (POST /api/v6/3d/restart_server)`.
   * @default not said
   */
  readonly actsOn?: string;
  /**
   * The price of the operation's model family in a few words (`About $0.002-0.0045 per image by
   * model.`), from the model feed. @default not said
   */
  readonly price?: string;
}

/**
 * A short description of `operation` for a model, at most `maxLength` characters.
 *
 * @example
 * describeTool(textToImage)
 * // 'Generate images from text. Typical duration: 4-12 seconds. Price: 0.02 credits per call
 * //  (1 credit = 1 US dollar). Not read-only. Returns the URLs of the images. Waits for the job
 * //  and returns the result, or a handle to resume with resume_job if it takes too long.'
 */
export function describeTool(operation: Operation, options: DescribeToolOptions = {}): string {
  const maxLength = Math.max(options.maxLength ?? 600, 80);
  const documented = splitSentences(operation.description || operation.summary)
    .filter((sentence) => !isHandledByTheTool(sentence))
    .map(withoutReferences)
    .filter(Boolean);
  const returned = returnedContent(operation);
  // For media the tool lists the files itself; the documents' account of the raw answer would mislead.
  const extras = documented
    .slice(1)
    .filter((sentence) => !(/^on success\b/i.test(sentence) && returned !== 'json' && returned !== 'reply'));
  const statements = (statesCost: boolean) => [
    ...(options.actsOn ? [`Acts on ${options.actsOn}.`] : []),
    effectStatement(operation, statesCost || options.price !== undefined),
    ...(options.price ? [options.price] : []),
    describeReturned(returned),
    ...(operation.async
      ? [
          `Waits for the job and returns the result, or a handle to resume with ${options.resumeToolName ?? DEFAULT_RESUME_TOOL_NAME} if it takes too long.`,
        ]
      : []),
    ...(options.approval
      ? [
          options.approvalAbove === undefined
            ? 'Asks a person for approval first.'
            : `Asks a person for approval first if its estimated cost is above ${options.approvalAbove} or unknown.`,
        ]
      : []),
    ...(operation.deprecated ? ['Deprecated: prefer a newer operation.'] : []),
  ];
  // Room is reserved for the longer statements; they get shorter when a kept sentence states the cost.
  const room = maxLength - statements(false).join(' ').length - 1;
  const parts = [cutAtWord(leadSentence(operation, documented[0]), Math.max(room, 20))];
  for (const sentence of extras) {
    // No sentence twice: documents often repeat their summary in the description.
    const repeated = parts.some((part) => part.toLowerCase() === sentence.toLowerCase());
    if (!repeated && [...parts, sentence].join(' ').length <= room) parts.push(sentence);
  }
  const statesCost = parts.slice(1).some((sentence) => /\b(?:price|credits?)\b/i.test(sentence));
  return cutAtWord([...parts, ...statements(statesCost)].join(' '), maxLength);
}

/** What the operation does: its first documented sentence, or its summary. */
function leadSentence(operation: Operation, first: string | undefined): string {
  const summary = operation.summary.trim();
  const sentence = first ?? summary;
  const text = sentence || operation.id;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function effectStatement(operation: Operation, statesCost: boolean): string {
  if (handlesCredentials(operation) && operation.effect === 'write')
    return 'Not read-only: handles credentials (keys, tokens, passwords).';
  switch (operation.effect) {
    case 'read':
      return 'Read-only.';
    case 'write':
      return statesCost ? 'Not read-only.' : 'Not read-only; may cost credits.';
    case 'money':
      return 'Moves money.';
    case 'destructive':
      return 'Destructive: cannot be undone.';
  }
}
