import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AccountUserRow, Company, Farm, FieldCrop, PlanInfoPayload, SeasonPlan, TeamRow, WorkspaceRow } from '@fm/domain';
import { users } from '../db/schema/index';
import { DEMO_EMAIL, seedDemo } from './demo-seeders';
import { call, createTestApp, json, type TestApp } from '../test/app';

let app: TestApp;
let token: string;
let workspaceId: number;
beforeAll(async () => {
  app = await createTestApp();
  await seedDemo(app.db);
  const [demo] = await app.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
  workspaceId = demo.last_workspace_id ?? 0;
  token = (await app.tokens.sign(demo.user_id, workspaceId)).token;
});
afterAll(() => app.cleanup());

describe('demo land', () => {
  it('seeds companies, three farms with 25 plots and season plans with crops, visible in the demo workspace', async () => {
    const companies = json<Company[]>(await call(app, 'GET', 'companies', { token })).data;
    const convenio = companies.find((c) => c.name === 'Convenio La Esperanza');
    expect(convenio?.partners.map((p) => p.contribution)).toEqual([60, 40]);
    const farms = json<Farm[]>(await call(app, 'GET', 'farms', { token })).data;
    expect(farms.map((f) => [f.name, f.state?.name])).toEqual([['El Ombú', 'Córdoba'], ['La Esperanza', 'Buenos Aires'], ['San Carlos', 'Buenos Aires']]);
    const plots = farms.flatMap((f) => f.fields ?? []);
    expect(plots).toHaveLength(25);
    expect(plots.every((p) => p.hectares >= 35 && p.hectares <= 180 && p.boundary_hectares !== null && Math.abs(p.hectares - (p.boundary_hectares ?? 0)) < 1)).toBe(true);
    const plans = json<SeasonPlan[]>(await call(app, 'GET', 'seasons/plans', { token })).data;
    expect(plans).toHaveLength(5);
    const crops = json<FieldCrop[]>(await call(app, 'GET', `fields/crops?season_plan_id=${plans[0].season_plan_id}`, { token })).data;
    expect(new Set(crops.map((c) => c.crop_sequence_name))).toEqual(new Set(['Primera', 'Segunda']));
  });

  it('gives the demo user a locality, so Mi perfil can be edited without picking one first', async () => {
    const profile = json<{ city_id: number | null }[]>(await call(app, 'GET', 'users', { token })).data[0];
    const city = json<{ name: string }[]>(await call(app, 'GET', `geo-locations?city_id=${profile.city_id}`)).data[0];
    expect(city.name).toBe('Tandil');
  });
});

type Permission = { module: string; read: boolean; create: boolean };

describe('demo team', () => {
  it('every team member is a user of the demo workspace, in Usuarios and in the workspace, with permissions', async () => {
    const teams = json<TeamRow[]>(await call(app, 'GET', 'teams', { token })).data;
    const emails = teams.flatMap((t) => t.members.map((m) => m.email)).sort();
    expect(emails).toHaveLength(3);
    expect(teams.flatMap((t) => t.members).every((m) => m.user_id !== null)).toBe(true);

    const people = json<AccountUserRow[]>(await call(app, 'GET', 'workspaces/users', { token })).data;
    expect(people.map((p) => p.email).sort()).toEqual(emails);
    expect(people.every((p) => !p.pending && p.workspaces.map((w) => w.name).join() === 'Agro Demo')).toBe(true);

    const demoWorkspace = json<WorkspaceRow[]>(await call(app, 'GET', 'workspaces', { token })).data.find((w) => w.workspace_id === workspaceId);
    expect(demoWorkspace?.users_count).toBe(3);
    expect(demoWorkspace?.users.map((u) => u.email).sort()).toEqual(emails);

    const agronomist = people.find((p) => p.email === 'ing.agronomo@campo.test');
    const permissions = json<Permission[]>(await call(app, 'GET', `workspaces/users/permissions?workspace_id=${workspaceId}&user_id=${agronomist?.user_id}`, { token })).data;
    expect(permissions.find((p) => p.module === 'seasons')).toMatchObject({ read: true, create: true });
    expect(permissions.find((p) => p.module === 'costs')).toMatchObject({ read: true });
    expect(permissions.find((p) => p.module === 'livestock')).toMatchObject({ read: false });

    // the Usuarios add-on counts them and still leaves room to invite more
    const usersAddon = json<PlanInfoPayload[]>(await call(app, 'GET', 'users/plan', { token })).data[0].addons.find((a) => a.name === 'Usuarios');
    expect(usersAddon?.used).toBe(3);
    expect(usersAddon?.available).toBeGreaterThan(3);
  });
});
