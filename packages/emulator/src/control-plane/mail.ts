import type { EmulatorContext } from '../context.js';
import type { Account, Member } from '../state/records.js';
import { CODE_LIFETIME_SECONDS } from '../state/store.js';

const MINUTES = Math.round(CODE_LIFETIME_SECONDS / 60);

/** E-mails a fresh verification code to `account` (earlier codes stop working). */
export function sendVerificationCode(ctx: EmulatorContext, account: Account): void {
  const code = ctx.state.issueVerificationCode(account);
  ctx.state.mailbox.send({
    to: account.email,
    kind: 'verification',
    code,
    subject: 'Your verification code',
    text: `Your verification code is ${code}. Send it to POST /api/agents/v1/auth/verify-email as verification_code. It expires in ${MINUTES} minutes.`,
  });
}

/** E-mails a password-reset token to `account`. */
export function sendPasswordReset(ctx: EmulatorContext, account: Account): void {
  const token = ctx.state.issueResetToken(account);
  ctx.state.mailbox.send({
    to: account.email,
    kind: 'password-reset',
    code: token,
    subject: 'Reset your password',
    text: `Someone asked to reset your password. Send this token with a new password to POST /api/agents/v1/auth/reset-password: ${token}. It expires in ${MINUTES} minutes; ignore this e-mail if it was not you.`,
  });
}

/** E-mails an invitation to join `team` to the invited member. */
export function sendInvitation(ctx: EmulatorContext, team: Account, member: Member, inviter: Account): void {
  ctx.state.mailbox.send({
    to: member.email,
    kind: 'invitation',
    code: member.inviteId,
    subject: `Invitation to join ${team.name}`,
    text: `${inviter.name} invited you to the team ${team.name} as ${member.role}. Accept with POST /api/agents/v1/teams/invitations/${member.inviteId}/accept while logged in as ${member.email}.`,
  });
}
