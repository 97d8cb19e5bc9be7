import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, PLAN, defaultPermissions } from '@fm/domain';
import { workspaceInvitations, workspaceUsers } from '../../db/schema/index';
import { addMember, buildUser, call, createTestApp, json, type TestApp } from '../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.cleanup());

type Team = { team_id: number; name: string; members: { email: string; user_id: number | null; name: string | null }[] };

describe('teams', () => {
  it('401, 422 Spanish message, create, read, edit, list with search, delete; another account gets 404', async () => {
    const u = await buildUser(app);
    const mate = await buildUser(app, { name: 'Carla' });
    await addMember(app, u.workspace_id, mate);
    const other = await buildUser(app);
    expect((await call(app, 'GET', 'teams')).statusCode).toBe(401);
    const bad = await call(app, 'POST', 'teams', { token: u.token, body: { name: ' ' } });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).message).toBe('El nombre del equipo es obligatorio');
    const badMail = await call(app, 'POST', 'teams', { token: u.token, body: { name: 'Cosecha', members: ['nope'] } });
    expect(json(badMail).message).toBe('El formato del email es incorrecto');

    const res = await call(app, 'POST', 'teams', { token: u.token, body: { name: 'Cosecha', members: [mate.email, 'externo@test.local'] } });
    expect(res.statusCode).toBe(201);
    const team = json<Team[]>(res).data[0];
    expect(team.members.find((m) => m.email === mate.email)?.name).toBe('Carla');
    expect(team.members.find((m) => m.email === 'externo@test.local')?.user_id).toBeNull();
    expect((await call(app, 'POST', 'teams', { token: u.token, body: { name: 'cosecha' } })).statusCode).toBe(409);

    const edited = await call(app, 'PUT', `teams?team_id=${team.team_id}`, { token: u.token, body: { name: 'Cosecha fina', members: [mate.email] } });
    expect(edited.statusCode).toBe(200);
    expect(json<Team[]>(edited).data[0]).toMatchObject({ name: 'Cosecha fina', members: [{ email: mate.email }] });
    // a rename alone keeps the team's people (the partial body once defaulted members to [])
    const renamed = await call(app, 'PUT', `teams?team_id=${team.team_id}`, { token: u.token, body: { name: 'Cosecha gruesa' } });
    expect(json<Team[]>(renamed).data[0]).toMatchObject({ name: 'Cosecha gruesa', members: [{ email: mate.email }] });

    await call(app, 'POST', 'teams', { token: u.token, body: { name: 'Siembra' } });
    const list = json<Team[]>(await call(app, 'GET', 'teams?pagination=true&page=1&per_page=5&search=siem', { token: u.token }));
    expect(list.data.map((t) => t.name)).toEqual(['Siembra']);
    expect(list.total).toBe(1);

    expect((await call(app, 'GET', `teams?team_id=${team.team_id}`, { token: other.token })).statusCode).toBe(404);
    expect((await call(app, 'PUT', `teams?team_id=${team.team_id}`, { token: other.token, body: { name: 'Robado' } })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `teams?team_id=${team.team_id}`, { token: other.token })).statusCode).toBe(404);
    const del = await call(app, 'DELETE', `teams?team_id=${team.team_id}`, { token: u.token });
    expect(del.statusCode).toBe(200);
    expect((await call(app, 'GET', `teams?team_id=${team.team_id}`, { token: u.token })).statusCode).toBe(404);
  });
});

describe('no personal data by e-mail lookup', () => {
  type Member = Team['members'][number];
  const membersOf = async (token: string, emails: string[]) => {
    const res = await call(app, 'POST', 'teams', { token, body: { name: `Sondeo ${Math.random()}`, members: emails } });
    expect(res.statusCode).toBe(201);
    return new Map(json<Team[]>(res).data[0].members.map((m): [string, Member] => [m.email, m]));
  };

  it('names only people already in the caller workspaces; any other address answers like an unknown one', async () => {
    const me = await buildUser(app, { name: 'Yo' });
    const myMember = await buildUser(app, { name: 'Miembro' });
    await addMember(app, me.workspace_id, myMember);
    const hostOwner = await buildUser(app, { name: 'Anfitriona' });
    const coMember = await buildUser(app, { name: 'Colega' });
    await addMember(app, hostOwner.workspace_id, me);
    await addMember(app, hostOwner.workspace_id, coMember);
    const stranger = await buildUser(app, { name: 'Secreta' });

    const seen = await membersOf(me.token, [me.email, myMember.email, hostOwner.email, coMember.email, stranger.email, 'nadie@test.local']);
    expect(seen.get(myMember.email)).toMatchObject({ user_id: myMember.user_id, name: 'Miembro' });
    expect(seen.get(hostOwner.email)).toMatchObject({ user_id: hostOwner.user_id, name: 'Anfitriona' });
    expect(seen.get(me.email)).toMatchObject({ user_id: me.user_id, name: 'Yo' });
    const hidden = { user_id: null, name: null, last_name: null };
    expect(seen.get(stranger.email)).toEqual({ email: stranger.email, ...hidden });
    // a member of a workspace shared with me is not shown to me anywhere else either
    expect(seen.get(coMember.email)).toEqual({ email: coMember.email, ...hidden });
    expect(seen.get('nadie@test.local')).toEqual({ email: 'nadie@test.local', ...hidden });
  });

  it('limits saving members per account (429 with the Spanish message), in the database', async () => {
    const me = await buildUser(app);
    const max = app.config.AUTH_RATE_LIMIT * 3;
    for (let i = 0; i < max; i++) {
      const res = await call(app, 'POST', 'teams', { token: me.token, body: { name: `Barrido ${i}`, members: [`x${i}@test.local`] } });
      expect(res.statusCode).toBe(201);
    }
    const [team] = json<Team[]>(await call(app, 'GET', `teams?search=${encodeURIComponent('Barrido 0')}`, { token: me.token })).data;
    const over = await call(app, 'PUT', `teams?team_id=${team.team_id}`, { token: me.token, body: { members: ['y@test.local'] } });
    expect(over.statusCode).toBe(429);
    expect(json(over).message).toBe(MSG.tooManyRequests);
    // another account is not affected, and a save without addresses looks nothing up
    expect((await membersOf((await buildUser(app)).token, ['z@test.local'])).size).toBe(1);
    expect((await call(app, 'PUT', `teams?team_id=${team.team_id}`, { token: me.token, body: { name: 'Renombrado' } })).statusCode).toBe(200);
  });
});

describe('POST workspaces/teams', () => {
  it('gives every member access in one transaction; owner only; empty team 409', async () => {
    const owner = await buildUser(app);
    const a = await buildUser(app);
    const guest = await buildUser(app);
    const guestToken = await addMember(app, owner.workspace_id, guest);
    const team = json<Team[]>(await call(app, 'POST', 'teams', { token: owner.token, body: { name: 'Campo', members: [a.email, 'sin-cuenta@test.local'] } })).data[0];
    const url = `workspaces/teams?workspace_id=${owner.workspace_id}`;
    expect((await call(app, 'POST', url, { body: { team_id: team.team_id } })).statusCode).toBe(401);
    const noTeam = await call(app, 'POST', url, { token: owner.token, body: {} });
    expect(noTeam.statusCode).toBe(422);
    expect(json(noTeam).message).toBe('El equipo es obligatorio');
    expect((await call(app, 'POST', url, { token: guestToken, body: { team_id: team.team_id } })).statusCode).toBe(403);
    const res = await call(app, 'POST', url, { token: owner.token, body: { team_id: team.team_id, permissions: defaultPermissions() } });
    expect(res.statusCode).toBe(201);
    expect(json<{ kind: string }[]>(res).data.map((o) => o.kind).sort()).toEqual(['added', 'invited']);
    const members = await app.db.select().from(workspaceUsers).where(eq(workspaceUsers.workspace_id, owner.workspace_id));
    expect(members.map((m) => m.user_id).sort()).toEqual([a.user_id, guest.user_id].sort());

    const empty = json<Team[]>(await call(app, 'POST', 'teams', { token: owner.token, body: { name: 'Solo yo', members: [owner.email] } })).data[0];
    const e = await call(app, 'POST', url, { token: owner.token, body: { team_id: empty.team_id } });
    expect(e.statusCode).toBe(409);
    expect(json(e).message).toBe('El equipo no tiene integrantes');
  });

  it('refuses the whole team when it exceeds the capacity, adding nobody', async () => {
    const owner = await buildUser(app, { plan_id: PLAN.FREE });
    const a = await buildUser(app);
    const team = json<Team[]>(await call(app, 'POST', 'teams', { token: owner.token, body: { name: 'Grande', members: [a.email, 'x1@test.local'] } })).data[0];
    const res = await call(app, 'POST', `workspaces/teams?workspace_id=${owner.workspace_id}`, { token: owner.token, body: { team_id: team.team_id } });
    expect(res.statusCode).toBe(409);
    expect(await app.db.select().from(workspaceUsers).where(eq(workspaceUsers.workspace_id, owner.workspace_id))).toHaveLength(0);
    expect(await app.db.select().from(workspaceInvitations).where(eq(workspaceInvitations.workspace_id, owner.workspace_id))).toHaveLength(0);
  });

  it("a team of another account is 404", async () => {
    const owner = await buildUser(app);
    const other = await buildUser(app);
    const team = json<Team[]>(await call(app, 'POST', 'teams', { token: other.token, body: { name: 'Ajeno', members: ['z@test.local'] } })).data[0];
    const res = await call(app, 'POST', `workspaces/teams?workspace_id=${owner.workspace_id}`, { token: owner.token, body: { team_id: team.team_id } });
    expect(res.statusCode).toBe(404);
  });
});
