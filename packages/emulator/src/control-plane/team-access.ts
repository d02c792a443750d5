import type { Account, Member } from '../state/records.js';
import type { EmulatorState } from '../state/store.js';
import { ApiError, notFound } from './api-error.js';

/** The user's active membership of `team`, if any. */
export function activeMembership(team: Account, user: Account): Member | undefined {
  return team.members.find((member) => member.accountId === user.id && member.status === 'active');
}

/** Teams the user is an active member of, in creation order. */
export function teamsOf(state: EmulatorState, user: Account): Array<{ team: Account; membership: Member }> {
  const teams: Array<{ team: Account; membership: Member }> = [];
  for (const account of state.accounts.values()) {
    if (account.kind !== 'team') continue;
    const membership = activeMembership(account, user);
    if (membership) teams.push({ team: account, membership });
  }
  return teams;
}

/** A team the user belongs to, or 404 (also for teams that exist but are not the user's). */
export function memberTeam(
  state: EmulatorState,
  user: Account,
  teamId: string,
): { team: Account; membership: Member } {
  const found = teamsOf(state, user).find(({ team }) => team.id === teamId);
  if (!found) throw notFound('team', teamId);
  return found;
}

/** Throws 403 forbidden unless the membership may manage the team (owner or admin). */
export function requireManager(team: Account, membership: Member): void {
  if (membership.role === 'owner' || membership.role === 'admin') return;
  throw new ApiError(
    'forbidden',
    `Only an owner or admin of ${team.name} can do this; your role is member.`,
    {
      role: membership.role,
    },
  );
}

/**
 * The membership `memberId` in a team the user manages: 404 when no team of the user has it, 403
 * when the user is only a member of that team.
 */
export function managedMember(
  state: EmulatorState,
  user: Account,
  memberId: string,
): { team: Account; member: Member; index: number } {
  for (const { team, membership } of teamsOf(state, user)) {
    const index = team.members.findIndex((member) => member.id === memberId);
    const member = team.members[index];
    if (!member) continue;
    requireManager(team, membership);
    return { team, member, index };
  }
  throw notFound('team member', memberId);
}
