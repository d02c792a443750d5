/**
 * One wording of what a call does (the review of issue 26): a deletion was worded four ways across
 * the AI SDK approval reason, LangChain's review description, MCP's question and `gentk`'s
 * confirmation. Every surface now takes its words from `tools/effect-wording.ts`; these tests hold
 * the library's pure surfaces to it (LangChain's and gentk's are held in their own tests, through
 * `createAgent` and the CLI process).
 */
import { describe, expect, it } from 'vitest';
import { approvalReason } from '../../src/adapters/ai-sdk/tool-approval.js';
import type { OperationEffect } from '../../src/discovery/types.js';
import { effectWords as rootEffectWords } from '../../src/index.js';
import { approvalQuestion, approvalRequired } from '../../src/tools/approval-decision.js';
import {
  approvalWords,
  CREDENTIALS_CONSEQUENCE,
  effectAsksPerson,
  effectSentence,
  effectWords,
  HANDLES_CREDENTIALS,
} from '../../src/tools/effect-wording.js';
import type { ToolSpec } from '../../src/tools/tool-spec.js';

const EFFECTS: readonly OperationEffect[] = ['money', 'destructive', 'write', 'read'];

/** The parts of a typed tool's spec the AI SDK's reason reads. */
const specOf = (effect: OperationEffect, handlesCredentials = false) =>
  ({ effect, handlesCredentials, annotations: { title: 'Some operation' } }) as unknown as ToolSpec;

describe('the words for what a call does', () => {
  it('say what money, deletion and credentials mean for the person, and only for them', () => {
    expect(effectWords({ effect: 'money' })).toEqual({
      does: 'moves money',
      consequence: 'the account or a card may be charged',
    });
    expect(effectWords({ effect: 'destructive' })).toEqual({
      does: 'deletes or revokes something',
      consequence: 'it cannot be undone',
    });
    expect(effectWords({ effect: 'write', handlesCredentials: true })).toEqual({
      does: HANDLES_CREDENTIALS,
      consequence: CREDENTIALS_CONSEQUENCE,
    });
    expect(effectWords({ effect: 'write' })).toEqual({ does: 'changes something on the account' });
    expect(effectWords({ effect: 'read' })).toEqual({ does: 'only reads' });
    // The graver consequence wins: money and deletion say theirs even for a credential operation.
    expect(effectWords({ effect: 'money', handlesCredentials: true }).does).toBe('moves money');
    expect(effectWords({ effect: 'destructive', handlesCredentials: true }).does).toBe(
      'deletes or revokes something',
    );
    expect(EFFECTS.filter((effect) => effectAsksPerson({ effect }))).toEqual(['money', 'destructive']);
    expect(rootEffectWords).toBe(effectWords);
  });

  it('are the words of the MCP question, its refusal and the AI SDK reason, for every effect', () => {
    for (const effect of EFFECTS) {
      for (const handlesCredentials of [false, true]) {
        const subject = { effect, handlesCredentials };
        const { does } = effectWords(subject);
        const question = approvalQuestion({
          named: 'someOperation',
          effect,
          credentials: handlesCredentials,
          arguments: {},
        });
        expect(question.split('\n')[1], `${effect} ${handlesCredentials}`).toBe(
          effectSentence('It', subject),
        );
        expect(approvalRequired({ what: 'someOperation', ...subject }).message).toContain(
          `someOperation ${approvalWords(subject)} and needs a person's approval`,
        );
        const reason = approvalReason(specOf(effect, handlesCredentials));
        if (effectAsksPerson(subject)) expect(reason).toContain(`This call ${does}`);
        else expect(reason).toBe('Some operation. The approval rule asks a person to confirm this call.');
      }
    }
  });

  it('word a deletion one way on every surface', () => {
    const deletion = { effect: 'destructive' } as const;
    expect(approvalQuestion({ named: 'deleteKey', ...deletion, arguments: { id: 'k1' } })).toContain(
      'It deletes or revokes something: it cannot be undone.',
    );
    expect(approvalReason(specOf('destructive'))).toBe(
      'Some operation. This call deletes or revokes something: it cannot be undone.',
    );
    expect(approvalRequired({ what: 'deleteKey', ...deletion }).message).toMatch(
      /^deleteKey deletes or revokes something and needs a person's approval/,
    );
  });
});
