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
