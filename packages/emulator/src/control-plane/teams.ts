import { ok } from '../http/envelope.js';
import type { Account, Member } from '../state/records.js';
import { ApiError, conflict, invalidFields, notFound } from './api-error.js';
import { type OperationHandler, type SessionInput, tokenHandler } from './handler.js';
import { sendInvitation } from './mail.js';
import { managedMember, memberTeam, requireManager, teamsOf } from './team-access.js';
import { iso } from './time.js';

/** The Team record, with the caller's role in it. */
function serializeTeam(team: Account, membership: Member): Record<string, unknown> {
  return {
    id: team.id,
    name: team.name,
    role: membership.role,
    created_at: iso(team.createdAt),
    members: team.members.filter((member) => member.status === 'active').length,
  };
}

function serializeMember(member: Member): Record<string, unknown> {
  return { id: member.id, email: member.email, role: member.role, status: member.status };
}

const listTeams = tokenHandler(({ c, ctx, session }) =>
  ok(
    c,
    teamsOf(ctx.state, session.user).map(({ team, membership }) => serializeTeam(team, membership)),
  ),
);

const listMembers = tokenHandler(({ c, ctx, session, params }) => {
  const { team } = memberTeam(ctx.state, session.user, params.id ?? '');
  return ok(c, team.members.map(serializeMember));
});

function createTeam(input: SessionInput, name: string): Response {
  const team = input.ctx.state.createTeam(input.session.user, name);
  const owner = team.members[0] as Member;
  return ok(input.c, serializeTeam(team, owner), 201);
}

function invite(input: SessionInput, teamId: string, email: string, role: Member['role']): Response {
  const { ctx, session } = input;
  const { team, membership } = memberTeam(ctx.state, session.user, teamId);
  requireManager(team, membership);
  const address = email.trim().toLowerCase();
  if (team.members.some((member) => member.email === address)) {
    throw conflict('That address is already a member of the team or invited to it.');
  }
  const member: Member = {
    id: ctx.state.nextId('mem'),
    accountId: null,
    email: address,
    role,
    status: 'invited',
    inviteId: ctx.state.nextId('invite'),
  };
  team.members.push(member);
  sendInvitation(ctx, team, member, session.user);
  return ok(input.c, serializeMember(member), 201);
}

/** One operation, two uses: `{name}` creates a team, `{team_id, email, role}` invites into one. */
const createOrInvite = tokenHandler((input) => {
  const {
    name,
    team_id: teamId,
    email,
    role,
  } = input.body as {
    name?: string;
    team_id?: string;
    email?: string;
    role?: 'admin' | 'member';
  };
  if (teamId !== undefined) {
    if (email === undefined) throw invalidFields({ email: 'is required to invite (with team_id)' });
    return invite(input, teamId, email, role ?? 'member');
  }
  if (name === undefined)
    throw invalidFields({ name: 'is required to create a team (or send team_id and email to invite)' });
  return createTeam(input, name);
});

const changeRole = tokenHandler(({ c, ctx, session, params, body }) => {
  const { team, member } = managedMember(ctx.state, session.user, params.id ?? '');
  if (member.role === 'owner') {
    throw new ApiError('forbidden', `The owner's role in ${team.name} cannot change.`);
  }
  member.role = body.role as Member['role'];
  return ok(c, serializeMember(member));
});

/** Removes a member (or withdraws an invitation); their tokens acting for the team die with it. */
const removeMember = tokenHandler(({ c, ctx, session, params }) => {
  const { team, member, index } = managedMember(ctx.state, session.user, params.id ?? '');
  if (member.role === 'owner')
    throw new ApiError('forbidden', `The owner cannot be removed from ${team.name}.`);
  team.members.splice(index, 1);
  for (const token of ctx.state.tokens.values()) {
    if (token.userId === member.accountId && token.contextAccountId === team.id) ctx.state.revokeToken(token);
  }
  return ok(c, { message: `${member.email} was removed from ${team.name}.` });
});

const resendInvite = tokenHandler(({ c, ctx, session, params }) => {
  const { team, member } = managedMember(ctx.state, session.user, params.id ?? '');
  if (member.status !== 'invited')
    throw conflict('This member already accepted the invitation.', { status: member.status });
  sendInvitation(ctx, team, member, session.user);
  return ok(c, serializeMember(member));
});

/** Joins the team of an invitation addressed to the caller's own e-mail. */
const acceptInvitation = tokenHandler(({ c, ctx, session, params }) => {
  const inviteId = params.inviteId ?? '';
  for (const team of ctx.state.accounts.values()) {
    const index = team.members.findIndex(
      (member) => member.inviteId === inviteId && member.status === 'invited',
    );
    const member = team.members[index];
    if (!member) continue;
    if (member.email !== session.user.email) {
      throw new ApiError(
        'forbidden',
        'This invitation is addressed to another e-mail address; log in as that account.',
      );
    }
    const joined: Member = { ...member, accountId: session.user.id, status: 'active' };
    team.members[index] = joined;
    return ok(c, serializeTeam(team, joined));
  }
  throw notFound('invitation', inviteId);
});

/** Handlers of teams, members and invitations. */
export const TEAM_HANDLERS: Record<string, OperationHandler> = {
  get_teams: listTeams,
  get_teams_by_id: listMembers,
  post_teams: createOrInvite,
  put_teams_by_id: changeRole,
  delete_teams_by_id: removeMember,
  post_teams_by_id_resend_invite: resendInvite,
  post_teams_invitations_by_inviteid_accept: acceptInvitation,
};
