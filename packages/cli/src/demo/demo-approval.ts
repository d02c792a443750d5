/**
 * Who approves the demo's wallet funding, and the words for it: the transcript prints them, and a
 * denial's reason reaches the assistant in its tool result.
 * @module
 */

export interface ApprovalSituation {
  /** `--yes` was given. */
  readonly yes: boolean;
  /** A person can be asked (stdout is an interactive terminal). */
  readonly interactive: boolean;
  /** The demo runs on its own embedded emulator, where no real money moves. */
  readonly embedded: boolean;
}

export interface ApprovalDecision {
  readonly approved: boolean;
  /** Why, as a clause that fits "approved, because …" / "denied, because …". */
  readonly reason: string;
}

/** Decides, asking the person (`ask`) only when there is one and `--yes` did not answer already. */
export async function decideApproval(
  situation: ApprovalSituation,
  ask: () => Promise<boolean>,
): Promise<ApprovalDecision> {
  if (situation.yes) return { approved: true, reason: '--yes approved it in advance' };
  if (situation.interactive)
    return (await ask())
      ? { approved: true, reason: 'you approved it' }
      : { approved: false, reason: 'you declined it' };
  if (situation.embedded)
    return {
      approved: true,
      reason: 'there is no terminal to ask, and the embedded emulator moves no real money',
    };
  return { approved: false, reason: 'there was no terminal to ask you, and --yes was not given' };
}
