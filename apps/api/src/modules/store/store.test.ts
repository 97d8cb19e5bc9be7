import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { STORE_MSG, StoreFile, consultLabel, consultText, whatsappLink, type AccessCard, type Promotion, type SellerPhone } from '@fm/domain';
import { promotions, storeOrderProducts, storeOrders } from '../../db/schema/index';
import { CliError, runCommand } from '../../admin/commands';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { EXAMPLE_STORE, seedStoreDemo } from './store.demo';

let app: TestApp;
let owner: TestUser;
let dir: string;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  dir = await mkdtemp(join(tmpdir(), 'fm-store-'));
});
afterAll(() => app.cleanup());

const writeJson = async (name: string, value: unknown) => {
  const path = join(dir, name);
  await writeFile(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
};

describe('store: operator file', () => {
  it('docs/store-example.json is the demo store, and it is valid', async () => {
    const docs = JSON.parse(await readFile(resolve(__dirname, '../../../../../docs/store-example.json'), 'utf8'));
    expect(docs).toEqual(EXAMPLE_STORE);
    expect(StoreFile.safeParse(docs).success).toBe(true);
  });

  it('load-store replaces the set in one transaction; a bad file changes nothing and says why', async () => {
    expect(await runCommand(app.db, ['load-store', await writeJson('example.json', EXAMPLE_STORE)])).toBe('Tienda cargada: 6 promociones, 3 tarjetas de acceso.');
    expect(await app.db.select().from(promotions)).toHaveLength(6);
    const bad = { ...EXAMPLE_STORE, promotions: [...EXAMPLE_STORE.promotions, { ...EXAMPLE_STORE.promotions[0], seller: 'Nadie', title: '' }] };
    const err = await runCommand(app.db, ['load-store', await writeJson('bad.json', bad)]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect((err as Error).message).toContain('no se cambió nada');
    expect((err as Error).message).toContain("El vendedor 'Nadie' no está en phones");
    expect((err as Error).message).toContain('publication_id 5001 repetido');
    await expect(runCommand(app.db, ['load-store', await writeJson('broken.json', '{ nope')])).rejects.toThrow('no es un JSON válido');
    await expect(runCommand(app.db, ['load-store', join(dir, 'missing.json')])).rejects.toThrow('No se pudo leer');
    await expect(runCommand(app.db, ['load-store'])).rejects.toThrow('Uso: load-store');
    expect(await app.db.select().from(promotions)).toHaveLength(6);
    // the demo seeding leaves an operator's set alone
    await seedStoreDemo(app.db, { userId: owner.user_id, workspaceId: owner.workspace_id });
    expect(await app.db.select().from(promotions)).toHaveLength(6);
  });
});

describe('store: API', () => {
  it('public promotions and phones, cached 600 s, in the operator order; the phone is digits only', async () => {
    const res = await call(app, 'GET', 'store/promotions');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    const list = json<Promotion[]>(res).data;
    expect(list.map((p) => p.publication_id)).toEqual([5001, 5002, 5003, 5004, 5005, 5006]);
    expect(list[2]).toMatchObject({ title: 'Urea granulada 46-0-0', price_text: 'US$ 0.00', brand_image: '/store/fertilizantes-litoral.svg', product_id: 1003, category: 'Fertilizantes' });
    const phones = await call(app, 'GET', 'store/phones');
    expect(phones.headers['cache-control']).toBe('public, max-age=600');
    expect(json<SellerPhone[]>(phones).data[1]).toEqual({ product_id: 1002, publication_id: 5002, phone: '5492477550202' });
  });

  it('access cards: [{img, id, link}] for a signed-in user', async () => {
    expect((await call(app, 'GET', 'format-types/get-format-for-fm/abc')).statusCode).toBe(401);
    const res = await call(app, 'GET', `format-types/get-format-for-fm/${owner.user_id}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    const cards = json<AccessCard[]>(res).data;
    expect(cards).toHaveLength(3);
    expect(Object.keys(cards[0]).sort()).toEqual(['id', 'img', 'link']);
    expect(cards[0].link).toBe('https://www.bcr.com.ar/es/mercados/granos');
  });

  it('orders/new (empty body) → order_index; new-order-product adds the product with quantity 1', async () => {
    expect((await call(app, 'POST', 'orders/new')).statusCode).toBe(401);
    const res = await call(app, 'POST', `orders/new?workspace_id=${owner.workspace_id}`, { token: owner.token });
    expect(res.statusCode).toBe(201);
    const [{ order_index }] = json<{ order_index: number }[]>(res).data;
    expect(order_index).toBeGreaterThan(0);
    const [order] = await app.db.select().from(storeOrders).where(eq(storeOrders.order_index, order_index));
    expect(order).toMatchObject({ user_id: owner.user_id, workspace_id: owner.workspace_id });

    const body = { order: { order_index }, product: { product_id: 1003, publication_id: 5003 }, quantity: 1 };
    const added = await call(app, 'POST', 'order-products/new-order-product', { token: owner.token, body });
    expect(added.statusCode).toBe(201);
    expect(json(added).data).toEqual([{ order_index, product_id: 1003, publication_id: 5003, quantity: 1 }]);
    expect(await app.db.select().from(storeOrderProducts).where(eq(storeOrderProducts.order_id, order.order_id))).toHaveLength(1);

    const two = await call(app, 'POST', 'order-products/new-order-product', { token: owner.token, body: { ...body, quantity: 2 } });
    expect(two.statusCode).toBe(422);
    expect(json(two).message).toBe(STORE_MSG.quantity);
    const unknown = await call(app, 'POST', 'order-products/new-order-product', { token: owner.token, body: { ...body, product: { product_id: 1, publication_id: 2 } } });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe(STORE_MSG.productNotFound);
  });

  it("another user's order is a 404; another's workspace is refused", async () => {
    const stranger = await buildUser(app);
    const [{ order_index }] = json<{ order_index: number }[]>(await call(app, 'POST', 'orders/new', { token: owner.token })).data;
    const res = await call(app, 'POST', 'order-products/new-order-product', { token: stranger.token, body: { order: { order_index }, product: { product_id: 1003, publication_id: 5003 } } });
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe(STORE_MSG.orderNotFound);
    const other = await call(app, 'POST', `orders/new?workspace_id=${owner.workspace_id}`, { token: stranger.token });
    expect(other.statusCode).toBe(403); // the platform's guard: not a member of that workspace
  });
});

describe('store: consult rules', () => {
  it("'Consultá' only at US$ 0.00; the wa.me link carries the product text", () => {
    expect(consultLabel('US$ 0.00')).toBe('Consultá');
    expect(consultLabel('US$0,00')).toBe('Consultá');
    expect(consultLabel('US$ 98.00')).toBe('Consultar');
    expect(consultLabel('')).toBe('Consultar');
    const text = consultText({ title: 'Urea granulada 46-0-0', price_text: 'US$ 0.00' });
    expect(whatsappLink('+54 9 342 555-0303', text)).toBe(`https://wa.me/5493425550303?text=${encodeURIComponent(text)}`);
  });
});
