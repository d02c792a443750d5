import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ControlPlaneClient, dataProblems, startTestEmulator } from './support.js';

let api: ControlPlaneClient;

beforeAll(async () => {
  api = await startTestEmulator();
});

afterAll(async () => {
  api.assertNoLeaks();
  await api.emulator.close();
});

async function teamWithInvite() {
  const owner = await api.account();
  const guest = await api.account();
  const team = await api.call('POST', '/teams', { token: owner.token, body: { name: 'Studio' } });
  expect(team.status).toBe(201);
  expect(team.body.data).toMatchObject({ name: 'Studio', role: 'owner' });
  expect(dataProblems('post_teams', team.body.data)).toEqual([]);
  const invited = await api.call('POST', '/teams', {
    token: owner.token,
    body: { team_id: team.body.data.id, email: guest.email, role: 'member' },
  });
  expect(invited.status).toBe(201);
  expect(invited.body.data).toMatchObject({ email: guest.email, role: 'member', status: 'invited' });
  const mail = api.emulator.mailbox(guest.email).find((message) => message.kind === 'invitation');
  return {
    owner,
    guest,
    teamId: team.body.data.id as string,
    memberId: invited.body.data.id as string,
    inviteId: mail?.code ?? '',
  };
}

describe('teams', () => {
  it('invites by e-mail; only the invited address can accept', async () => {
    const { owner, guest, teamId, inviteId } = await teamWithInvite();
    expect(inviteId).toBeTruthy();
    const stranger = await api.account();
    const wrong = await api.call('POST', `/teams/invitations/${inviteId}/accept`, { token: stranger.token });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe('forbidden');
    const accepted = await api.call('POST', `/teams/invitations/${inviteId}/accept`, { token: guest.token });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ id: teamId, role: 'member' });

    const teams = await api.call('GET', '/teams', { token: guest.token });
    expect(teams.body.data.map((team: { id: string }) => team.id)).toEqual([teamId]);
    const members = await api.call('GET', `/teams/${teamId}`, { token: owner.token });
    expect(members.body.data.map((member: { status: string }) => member.status)).toEqual([
      'active',
      'active',
    ]);
    expect(dataProblems('get_teams_by_id', members.body.data)).toEqual([]);
  });

  it('lets only owners and admins manage members', async () => {
    const { owner, guest, teamId, memberId, inviteId } = await teamWithInvite();
    await api.call('POST', `/teams/invitations/${inviteId}/accept`, { token: guest.token });
    const third = await api.account();
    const byMember = await api.call('POST', '/teams', {
      token: guest.token,
      body: { team_id: teamId, email: third.email },
    });
    expect(byMember.status).toBe(403);
    expect(byMember.body.error.code).toBe('forbidden');
    const promoted = await api.call('PUT', `/teams/${memberId}`, {
      token: owner.token,
      body: { role: 'admin' },
    });
    expect(promoted.body.data.role).toBe('admin');
    const byAdmin = await api.call('POST', '/teams', {
      token: guest.token,
      body: { team_id: teamId, email: third.email },
    });
    expect(byAdmin.status).toBe(201);
    const resent = await api.call('POST', `/teams/${byAdmin.body.data.id}/resend-invite`, {
      token: guest.token,
    });
    expect(resent.status).toBe(200);
    expect(api.emulator.mailbox(third.email).filter((message) => message.kind === 'invitation')).toHaveLength(
      2,
    );
    expect((await api.call('POST', `/teams/${memberId}/resend-invite`, { token: owner.token })).status).toBe(
      409,
    );
  });

  it('acts for the team after switch-account: keys belong to the team; removal revokes the team token', async () => {
    const { owner, guest, teamId, memberId, inviteId } = await teamWithInvite();
    await api.call('POST', `/teams/invitations/${inviteId}/accept`, { token: guest.token });
    const switched = await api.call('POST', '/auth/switch-account', {
      token: guest.token,
      body: { account_id: teamId },
    });
    expect(switched.status, switched.text).toBe(200);
    const teamToken = switched.body.data.access_token as string;
    const key = await api.call('POST', '/api-keys', { token: teamToken, body: { name: 'team key' } });
    expect(key.status, key.text).toBe(201);
    expect(key.body.data.key).toMatch(/^gk_/);
    const ownKeys = await api.call('GET', '/api-keys', { token: guest.token });
    expect(ownKeys.body.data.map((entry: { id: string }) => entry.id)).not.toContain(key.body.data.id);
    expect((await api.call('GET', `/api-keys/${key.body.data.id}`, { token: guest.token })).status).toBe(404);
    expect((await api.call('GET', `/api-keys/${key.body.data.id}`, { token: teamToken })).status).toBe(200);

    expect((await api.call('DELETE', `/teams/${memberId}`, { token: owner.token })).status).toBe(200);
    expect((await api.call('GET', '/api-keys', { token: teamToken })).body.error.code).toBe('token_revoked');
    expect((await api.call('GET', `/teams/${teamId}`, { token: guest.token })).status).toBe(404);
  });

  it('asks for a name or an invitation, and protects the owner', async () => {
    const { owner, teamId } = await teamWithInvite();
    const empty = await api.call('POST', '/teams', { token: owner.token, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.error.details.fields).toHaveProperty('name');
    const members = await api.call('GET', `/teams/${teamId}`, { token: owner.token });
    const ownerMember = members.body.data.find((member: { role: string }) => member.role === 'owner');
    expect((await api.call('DELETE', `/teams/${ownerMember.id}`, { token: owner.token })).status).toBe(403);
  });
});
