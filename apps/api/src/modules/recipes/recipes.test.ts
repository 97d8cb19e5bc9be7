import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADDON_ID, RECIPE_DEFAULTS, RECIPE_MSG, WORK_ORDER_MSG, type Recipe, type RecipeAccount } from '@fm/domain';
import { recipeAccounts, recipes, workOrderSupplies } from '../../db/schema/index';
import { addMember, buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { setAddonQuantity } from '../plans/index';
import { pdfText } from '../../pdf/pdf-text.test-helpers';
import { FAKE_ACCOUNT, startFakeRecipeServer, type FakeRecipeServer } from '../../integrations/recipes/fake-recipe-server.test-helpers';
import { createOrder, orderBody, q, woFixture, type WoFixture } from '../work-orders/work-orders.test-helpers';

type Issued = { recipe_id: number; number: string; status: string };

const request = (app: TestApp, user: TestUser, workOrderId: number, body: unknown = {}, token = user.token) =>
  call(app, 'POST', `work-orders/recipes?${q(user, `work_order_id=${workOrderId}`)}`, { token, body });

describe('recipes with the built-in issuer', () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let fx: WoFixture;
  let orderId: number;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await buildUser(app);
    other = await buildUser(app);
    for (const u of [owner, other]) await setAddonQuantity(app.db, u.user_id, ADDON_ID.RECIPES, 1);
    fx = await woFixture(app, owner);
    orderId = await createOrder(app, owner, orderBody(fx));
  });
  afterAll(() => app.cleanup());

  it("requests a numbered receta with the spec's defaults ('¡Receta solicitada!') and lists it", async () => {
    const res = await request(app, owner, orderId);
    expect(res.statusCode).toBe(201);
    expect(json(res).message).toBe(RECIPE_MSG.requested);
    expect(json<Issued[]>(res).data[0]).toMatchObject({ number: 'RA-00000001', status: 'Emitida' });
    const [row] = await app.db.select().from(recipes).where(eq(recipes.recipe_id, json<Issued[]>(res).data[0].recipe_id));
    expect(row.recommendations).toBe(RECIPE_DEFAULTS.recommendations);
    expect(row.use_restrictions).toEqual({ grace_period: { quantity: 10, unit: 1 }, reentry_period: { quantity: 10, unit: 1 }, ventilation_period: { quantity: 10, unit: 1 } });
    expect(row.field_crop_ids).toEqual([fx.plots[0].field_crop_id, fx.plots[1].field_crop_id]);

    const second = await request(app, owner, orderId, {
      recommendations: 'No aplicar con lluvia prevista',
      use_restrictions: { grace_period: { quantity: 30, unit: 1 }, reentry_period: { quantity: 24, unit: 0 }, ventilation_period: { quantity: 2, unit: '0' } },
      field_crop_ids: [fx.plots[1].field_crop_id],
      supply_ids: [fx.supplies[0]],
    });
    expect(json<Issued[]>(second).data[0].number).toBe('RA-00000002');

    const list = json<Recipe[]>(await call(app, 'GET', `recipes?${q(owner, 'pagination=true&page=1&per_page=10')}`, { token: owner.token }));
    expect(list.data.map((r) => r.number)).toEqual(['RA-00000002', 'RA-00000001']);
    expect(list.data[0]).toMatchObject({ work_order_id: orderId, status: 'Emitida', external_id: null, farm: { name: expect.stringContaining('La Esperanza') }, company: { company_id: fx.company } });
  });

  it('downloads the receta PDF with the chosen lots, supplies and periods', async () => {
    const [latest] = json<Recipe[]>(await call(app, 'GET', `recipes?${q(owner)}`, { token: owner.token })).data;
    const res = await call(app, 'GET', `recipes/pdf?${q(owner, `recipe_id=${latest.recipe_id}`)}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Receta_RA-00000002.pdf"');
    const page = (await pdfText(res.rawPayload)).text[0];
    for (const s of ['N° RA-00000002', 'La Loma', 'Glifosato', '60,000 lt', 'No aplicar con lluvia prevista', '30 días', '24 horas', '2 horas']) expect(page).toContain(s);
    expect(page).not.toContain('El Bajo');
  });

  it('cancels a receta: status Anulada, its PDF marked ANULADA, a second cancel 409', async () => {
    const [latest] = json<Recipe[]>(await call(app, 'GET', `recipes?${q(owner)}`, { token: owner.token })).data;
    // the order changes after issuing (a larger dose): the ANULADA copy still prints what was issued
    await app.db.update(workOrderSupplies).set({ dose_to_apply: '9.00000' }).where(eq(workOrderSupplies.work_order_id, orderId));
    const res = await call(app, 'DELETE', `recipes?${q(owner, `recipe_id=${latest.recipe_id}`)}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(RECIPE_MSG.cancelled);
    const [row] = json<Recipe[]>(await call(app, 'GET', `recipes?${q(owner)}`, { token: owner.token })).data;
    expect(row.status).toBe('Anulada');
    const pdf = await call(app, 'GET', `recipes/pdf?${q(owner, `recipe_id=${latest.recipe_id}`)}`, { token: owner.token });
    const cancelled = (await pdfText(pdf.rawPayload)).text[0];
    expect(cancelled).toContain('ANULADA');
    expect(cancelled).toContain('60,000 lt');
    const again = await call(app, 'DELETE', `recipes?${q(owner, `recipe_id=${latest.recipe_id}`)}`, { token: owner.token });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(RECIPE_MSG.alreadyCancelled);
  });

  it('needs at least 1 lot and 1 supply of the order, and an order that is neither planned nor disabled', async () => {
    const noSupply = await request(app, owner, orderId, { supply_ids: [] });
    expect(noSupply.statusCode).toBe(422);
    expect(json(noSupply).message).toBe(RECIPE_MSG.supplyRequired);
    const noLot = await request(app, owner, orderId, { field_crop_ids: [] });
    expect(json(noLot).message).toBe(RECIPE_MSG.lotRequired);
    const foreignLot = await request(app, owner, orderId, { field_crop_ids: [fx.plots[2].field_crop_id] });
    expect(foreignLot.statusCode).toBe(422);
    expect(json(foreignLot).message).toBe(RECIPE_MSG.lotNotInOrder);
    const withoutSupplies = await createOrder(app, owner, orderBody(fx, { supplies: [] }));
    expect(json(await request(app, owner, withoutSupplies)).message).toBe(RECIPE_MSG.supplyRequired);
    const planned = await createOrder(app, owner, orderBody(fx, { status_id: 7 }));
    const refused = await request(app, owner, planned);
    expect(refused.statusCode).toBe(422);
    expect(json(refused).message).toBe(RECIPE_MSG.orderNotAvailable);
    const bad = await request(app, owner, orderId, { use_restrictions: { grace_period: { quantity: -1, unit: 1 } } });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).detail?.map((d) => d.msg)).toContain(RECIPE_MSG.quantityInvalid);
  });

  it('401 without token, 403 without agro_recipes, 404 for another workspace (order and recipe)', async () => {
    expect((await call(app, 'POST', `work-orders/recipes?${q(owner, `work_order_id=${orderId}`)}`, { body: {} })).statusCode).toBe(401);
    const member = await buildUser(app);
    const token = await addMember(app, owner.workspace_id, member); // agro_recipes is off by default (doc 2 §6)
    expect((await request(app, owner, orderId, {}, token)).statusCode).toBe(403);
    expect((await call(app, 'GET', `recipes?${q(owner)}`, { token })).statusCode).toBe(403);
    const foreign = await request(app, other, orderId);
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).message).toBe(WORK_ORDER_MSG.notFound);
    const [mine] = json<Recipe[]>(await call(app, 'GET', `recipes?${q(owner)}`, { token: owner.token })).data;
    expect((await call(app, 'GET', `recipes/pdf?${q(other, `recipe_id=${mine.recipe_id}`)}`, { token: other.token })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `recipes?${q(other, `recipe_id=${mine.recipe_id}`)}`, { token: other.token })).statusCode).toBe(404);
    expect(json<Recipe[]>(await call(app, 'GET', `recipes?${q(other)}`, { token: other.token })).data).toEqual([]);
  });

  it('refuses every recipe route (403) while the owner account lacks the Recetas add-on, at once when it is removed', async () => {
    const without = await buildUser(app);
    const order = await createOrder(app, without, orderBody(await woFixture(app, without)));
    for (const res of [
      await request(app, without, order),
      await call(app, 'GET', `recipes?${q(without)}`, { token: without.token }),
      await call(app, 'GET', `recipes/account?${q(without)}`, { token: without.token }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(json(res).message).toBe(RECIPE_MSG.addonRequired);
    }
    await setAddonQuantity(app.db, without.user_id, ADDON_ID.RECIPES, 1);
    expect((await request(app, without, order)).statusCode).toBe(201);
    await setAddonQuantity(app.db, without.user_id, ADDON_ID.RECIPES, 0);
    expect((await call(app, 'GET', `recipes?${q(without)}`, { token: without.token })).statusCode).toBe(403);
  });

  it.runIf(process.env.FM_TEST_DB === 'postgres')('numbers concurrent requests consecutively, never twice', async () => {
    const before = json<Recipe[]>(await call(app, 'GET', `recipes?${q(owner)}`, { token: owner.token })).data.length;
    const answers = await Promise.all(Array.from({ length: 12 }, () => request(app, owner, orderId)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const numbers = answers.map((r) => json<Issued[]>(r).data[0].number).sort();
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => `RA-${String(before + i + 1).padStart(8, '0')}`));
  });

  it('links the recipe account with the password sealed at rest and never returned, and unlinks it', async () => {
    const url = `recipes/account?${q(owner)}`;
    expect(json<RecipeAccount[]>(await call(app, 'GET', url, { token: owner.token })).data[0]).toEqual({ linked: false, recipe_user_masked: null, account_required: false });
    const missing = await call(app, 'POST', url, { token: owner.token, body: { recipe_user: 'x' } });
    expect(missing.statusCode).toBe(422);
    expect(json(missing).detail?.map((d) => d.msg)).toContain(RECIPE_MSG.passwordRequired);
    const linked = await call(app, 'POST', url, { token: owner.token, body: { recipe_user: 'agronomo@estudio.com.ar', recipe_password: 'clave-secreta-1' } });
    expect(linked.statusCode).toBe(200);
    expect(json(linked).message).toBe(RECIPE_MSG.accountLinked);
    expect(linked.body).not.toContain('clave-secreta-1');
    const got = await call(app, 'GET', url, { token: owner.token });
    expect(json<RecipeAccount[]>(got).data[0]).toEqual({ linked: true, recipe_user_masked: 'ag******@estudio.com.ar', account_required: false });
    expect(got.body).not.toContain('clave');
    const [row] = await app.db.select().from(recipeAccounts).where(eq(recipeAccounts.workspace_id, owner.workspace_id));
    expect(row.recipe_password_encrypted).toMatch(/^v1:/);
    expect(row.recipe_password_encrypted).not.toContain('clave');
    expect(json<RecipeAccount[]>(await call(app, 'GET', `recipes/account?${q(other)}`, { token: other.token })).data[0].linked).toBe(false);
    const unlinked = await call(app, 'DELETE', url, { token: owner.token });
    expect(json(unlinked).message).toBe(RECIPE_MSG.accountUnlinked);
    expect(json<RecipeAccount[]>(await call(app, 'GET', url, { token: owner.token })).data[0].linked).toBe(false);
  });
});

describe('recipes through the external service (RECIPES_API_URL)', () => {
  let app: TestApp;
  let owner: TestUser;
  let fake: FakeRecipeServer;
  let orderId: number;

  beforeAll(async () => {
    fake = await startFakeRecipeServer();
    app = await createTestApp({ RECIPES_API_URL: fake.url });
    owner = await buildUser(app);
    await setAddonQuantity(app.db, owner.user_id, ADDON_ID.RECIPES, 1);
    orderId = await createOrder(app, owner, orderBody(await woFixture(app, owner)));
  });
  afterAll(async () => {
    await app.cleanup();
    await fake.close();
  });

  it('asks for a linked account, checks its credentials, then issues, downloads and cancels at the service', async () => {
    const noAccount = await request(app, owner, orderId);
    expect(noAccount.statusCode).toBe(422);
    expect(json(noAccount).message).toBe(RECIPE_MSG.accountRequired);
    const url = `recipes/account?${q(owner)}`;
    expect(json<RecipeAccount[]>(await call(app, 'GET', url, { token: owner.token })).data[0]).toEqual({ linked: false, recipe_user_masked: null, account_required: true });
    const wrong = await call(app, 'POST', url, { token: owner.token, body: { recipe_user: FAKE_ACCOUNT.user, recipe_password: 'otra' } });
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong).message).toBe(RECIPE_MSG.credentialsInvalid);
    expect((await call(app, 'POST', url, { token: owner.token, body: { recipe_user: FAKE_ACCOUNT.user, recipe_password: FAKE_ACCOUNT.password } })).statusCode).toBe(200);

    const res = await request(app, owner, orderId);
    expect(res.statusCode).toBe(201);
    const issued = json<Issued[]>(res).data[0];
    expect(issued.number).toMatch(/^0001-/);
    const sent = fake.seen.find((r) => r.method === 'POST' && r.path === '/recipes');
    expect(sent?.authorization).toBe(`Basic ${Buffer.from(`${FAKE_ACCOUNT.user}:${FAKE_ACCOUNT.password}`).toString('base64')}`);
    expect(sent?.body).toMatchObject({ work_order_id: orderId, recommendations: RECIPE_DEFAULTS.recommendations });
    const [listed] = json<Recipe[]>(await call(app, 'GET', `recipes?${q(owner)}`, { token: owner.token })).data;
    expect(listed.external_id).toMatch(/^EXT-/);

    const pdf = await call(app, 'GET', `recipes/pdf?${q(owner, `recipe_id=${issued.recipe_id}`)}`, { token: owner.token });
    expect(pdf.statusCode).toBe(200);
    expect((await pdfText(pdf.rawPayload)).text[0]).toContain(issued.number);
    expect((await call(app, 'DELETE', `recipes?${q(owner, `recipe_id=${issued.recipe_id}`)}`, { token: owner.token })).statusCode).toBe(200);
    expect(fake.recipes.get(listed.external_id ?? '')?.status).toBe('Anulada');

    fake.failing = true;
    try {
      const down = await request(app, owner, orderId);
      expect(down.statusCode).toBe(503);
      expect(json(down).message).toBe(RECIPE_MSG.serviceUnavailable);
    } finally {
      fake.failing = false;
    }
  });
});
