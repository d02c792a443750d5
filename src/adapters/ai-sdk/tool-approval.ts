import type { SingleToolApprovalFunction, ToolApprovalStatus, ToolSet } from 'ai';
import {
  type ApprovalVerdict,
  describeCost,
  effectAsksPerson,
  effectSentence,
  type ToolSpec,
  verdictOf,
} from '../../tools/index.js';
import { specOf } from './tool-registry.js';

/** A per-tool `toolApproval` map for `generateText`, `streamText` and `ToolLoopAgent`. */
export type AISDKToolApproval = Record<string, SingleToolApprovalFunction<unknown, unknown, unknown>>;

/**
 * Why a call waits for a person, shown to the approver beside the call's input: what it does, and
 * what it is expected to cost when the approval rule prices calls (`costAbove`). For
 * `call_operation`, what the operation it names does, as that operation's typed tool would say.
 */
export function approvalReason(spec: ToolSpec, verdict: Omit<ApprovalVerdict, 'needed'> = {}): string {
  const { cost, runs } = verdict;
  const subject = runs ?? spec;
  const title = runs
    ? `${runs.operationId}${runs.summary ? ` (${runs.summary})` : ''}`
    : spec.annotations.title;
  const what = title ? `${title}. ` : '';
  const costs = cost ? ` ${describeCost(cost)}` : '';
  // Money, deletion and credentials say what the call does (the words of every approval question).
  if (effectAsksPerson(subject)) return `${what}${effectSentence('This call', subject)}${costs}`;
  if (cost) return `${what}${describeCost(cost)}`;
  return `${what}The approval rule asks a person to confirm this call.`;
}

/**
 * Whether a call waits for a person: the spec's rule decides, except that arguments the spec
 * refuses are not put to anyone. Such a call goes straight to `execute`, where the same check
 * refuses it before any request, and the model reads why.
 */
export async function needsPerson(spec: ToolSpec, input: unknown): Promise<boolean> {
  if (spec.check?.(input)) return false;
  return spec.needsApproval(input);
}

/** The approval status of one call, with the reason the approver sees (its estimate included). */
export async function approvalStatus(spec: ToolSpec, input: unknown): Promise<ToolApprovalStatus> {
  if (spec.check?.(input)) return 'not-applicable';
  const verdict = await verdictOf(spec, input);
  return verdict.needed ? { type: 'user-approval', reason: approvalReason(spec, verdict) } : 'not-applicable';
}

/**
 * The approval rule of the toolkit's tools as the `toolApproval` setting of AI SDK 7, which
 * replaces the tools' own (deprecated) `needsApproval` and adds the reason the approver sees.
 * Spread it into a map of your own tools' statuses:
 *
 * ```ts
 * const tools = createAISDKTools(session);
 * await generateText({ model, tools, toolApproval: { ...createToolApproval(tools), myTool: 'user-approval' } });
 * ```
 *
 * The tools ask for approval by themselves too (through `needsApproval`), so leaving
 * `toolApproval` out is safe; but a `toolApproval` *function* replaces every tool's own rule, so
 * when you use one, call the toolkit's rule from it (for example through this map).
 *
 * @param tools A record with tools from `createAISDKTools`; other tools in it are left out.
 */
export function createToolApproval(tools: ToolSet): AISDKToolApproval {
  const approval: AISDKToolApproval = {};
  for (const [name, tool] of Object.entries(tools)) {
    const spec = specOf(tool);
    if (spec) approval[name] = (input) => approvalStatus(spec, input);
  }
  return approval;
}
