import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Company, Farm, FieldCrop, SeasonPlan } from '@fm/domain';
import { users } from '../../db/schema/index';
import { DEMO_EMAIL, seedDemo } from '../demo-seeders';
import { call, createTestApp, json, type TestApp } from '../../test/app';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  await seedDemo(app.db);
  const [demo] = await app.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
  token = (await app.tokens.sign(demo.user_id, demo.last_workspace_id)).token;
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
