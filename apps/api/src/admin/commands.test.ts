import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PLAN } from '@fm/domain';
import { users, userAddons } from '../db/schema/index';
import { buildUser, call, createTestApp, type TestApp } from '../test/app';
import { CliError, runCommand } from './commands';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.cleanup());

describe('operator CLI commands', () => {
  it('sets plans with and without days', async () => {
    const u = await buildUser(app, { plan_id: PLAN.FREE });
    expect(await runCommand(app.db, ['set-plan', u.email.toUpperCase(), 'trial', '--days', '3'])).toMatch(/PRO prueba, vence .* \(3 días\)/);
    let [row] = await app.db.select().from(users).where(eq(users.user_id, u.user_id));
    expect(row.plan_id).toBe(PLAN.TRIAL);
    expect(await runCommand(app.db, ['set-plan', u.email, 'pro'])).toContain('sin vencimiento');
    expect(await runCommand(app.db, ['set-plan', u.email, 'free'])).toContain('Gratuito');
    [row] = await app.db.select().from(users).where(eq(users.user_id, u.user_id));
    expect(row).toMatchObject({ plan_id: PLAN.FREE, plan_end_date: null });
    await expect(runCommand(app.db, ['set-plan', u.email, 'gold'])).rejects.toBeInstanceOf(CliError);
    await expect(runCommand(app.db, ['set-plan', 'nadie@test.local', 'pro'])).rejects.toThrow('No existe un usuario');
  });

  it('lists and changes the humidity shrink table the receptions use (GET grains/humidity-standards)', async () => {
    expect(await runCommand(app.db, ['humidity-standards'])).toMatch(/Soja\t13\.50\t13\.00\t1\.149\t0\.25/);
    expect(await runCommand(app.db, ['set-humidity', 'soja', '14', '13,5', '--manipuleo', '0.5', '--fuente', 'Acopio propio'])).toBe('Soja: tolerancia 14.00 %, base 13.50 %, factor 1.156, manipuleo 0.50 %');
    const u = await buildUser(app);
    const table = (await call(app, 'GET', `grains/humidity-standards?workspace_id=${u.workspace_id}&workspace=true`, { token: u.token })).json() as { data: { crop_id: number; base_humidity: number; shrink_factor: number; source: string }[] };
    expect(table.data.find((r) => r.crop_id === 1)).toMatchObject({ base_humidity: 14, shrink_factor: 1.156, source: 'Acopio propio' });
    await expect(runCommand(app.db, ['set-humidity', 'soja', '140', '13'])).rejects.toThrow('La tolerancia debe ser un porcentaje entre 0 y 100');
    await expect(runCommand(app.db, ['set-humidity', 'yerba', '14', '13'])).rejects.toThrow("No existe el cultivo 'yerba'");
  });

  it('grants add-ons by name or id, seen by GET users/plan', async () => {
    const u = await buildUser(app);
    expect(await runCommand(app.db, ['grant-addon', u.email, 'empresas', '5'])).toContain('Empresas (id 2) = 5');
    await runCommand(app.db, ['grant-addon', u.email, '5', '1']);
    await runCommand(app.db, ['grant-addon', u.email, 'Reporte plan de siembra', '1']);
    const rows = await app.db.select().from(userAddons).where(eq(userAddons.user_id, u.user_id));
    expect(rows.map((r) => [r.addon_id, r.quantity]).sort()).toEqual([[101, 1], [2, 5], [5, 1]]);
    const plan = (await call(app, 'GET', 'users/plan', { token: u.token })).json() as { data: { addons: { name: string; quantity: number }[] }[] };
    expect(plan.data[0].addons.find((a) => a.name === 'Empresas')?.quantity).toBe(7);
    await expect(runCommand(app.db, ['grant-addon', u.email, 'tractores', '1'])).rejects.toThrow("No existe el adicional 'tractores'");
    await expect(runCommand(app.db, ['grant-addon', u.email, 'Usuarios', '-1'])).rejects.toBeInstanceOf(CliError);
  });

  it('lists requests newest first, and prints usage for an unknown command', async () => {
    expect(await runCommand(app.db, ['list-requests'])).toBe('No hay pedidos.');
    const u = await buildUser(app, { name: 'Rosa' });
    await call(app, 'POST', 'emails/subscription/notification?type=reports', { token: u.token });
    await call(app, 'POST', 'emails/subscription/notification?type=demo', { token: u.token });
    const out = (await runCommand(app.db, ['list-requests'])).split('\n');
    expect(out).toHaveLength(2);
    expect(out[0]).toContain('demo');
    expect(out[1]).toContain('reports');
    expect(out[0]).toContain(u.email);
    await expect(runCommand(app.db, ['borrar-todo'])).rejects.toThrow('Uso: npm run admin');
  });
});
