import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_ORDER_MSG, type WorkOrder, type WorkOrderHistoryRow } from '@fm/domain';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { createOrder, orderBody, q, woFixture, type WoFixture } from './work-orders.test-helpers';

let app: TestApp;
let owner: TestUser;
let f: WoFixture;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  f = await woFixture(app, owner);
});
afterAll(() => app.cleanup());

const get = async (id: number) => json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, `work_order_id=${id}`)}`, { token: owner.token })).data[0];

describe('POST / GET work-orders', () => {
  it('an empty save answers the spec messages (doc 2 §5)', async () => {
    const res = await call(app, 'POST', `work-orders?${q(owner)}`, { token: owner.token, body: {} });
    expect(res.statusCode).toBe(422);
    const body = json(res);
    for (const m of [WORK_ORDER_MSG.establishmentRequired, WORK_ORDER_MSG.lotsRequired, WORK_ORDER_MSG.laborRequired, WORK_ORDER_MSG.exchangeRateRequired]) expect(body.message).toContain(m);
    expect(body.detail?.find((d) => d.msg === WORK_ORDER_MSG.establishmentRequired)?.loc).toEqual(['body', 'season_plan_id']);
  });

  it('a supply without dose answers the Insumos message; hectares above the plot are refused', async () => {
    const noDose = await call(app, 'POST', `work-orders?${q(owner)}`, { token: owner.token, body: orderBody(f, { supplies: [{ supply_id: f.supplies[0], price: '1' }] }) });
    expect(noDose.statusCode).toBe(422);
    expect(json(noDose).message).toBe('Insumos: Los campos de Dosis y Precio son obligatorios.');
    const tooMany = await call(app, 'POST', `work-orders?${q(owner)}`, { token: owner.token, body: orderBody(f, { field_crops: [{ field_crop_id: f.plots[2].field_crop_id, hectares_to_apply: '20.01' }] }) });
    expect(tooMany.statusCode).toBe(422);
    expect(json(tooMany).message).toBe(WORK_ORDER_MSG.hectaresExceeded);
    expect(json(tooMany).detail?.[0].loc).toEqual(['body', 'field_crops', 0, 'hectares_to_apply']);
  });

  it('creates an order and reads it back in the full shape with its totals', async () => {
    const res = await call(app, 'POST', `work-orders?${q(owner)}`, { token: owner.token, body: orderBody(f) });
    expect(res.statusCode).toBe(201);
    expect(json(res).message).toBe('Orden de trabajo creada!');
    const id = json<{ work_order_id: number }[]>(res).data[0].work_order_id;
    const o = await get(id);
    expect(o).toMatchObject({
      work_order_id: id,
      status_id: 1,
      status: { status_id: 1, name: 'Sin entregar' },
      contractor_id: f.contractor,
      labor: { labor_id: 2, name: 'Pulverización terrestre' },
      price: '38.00',
      exchange_rate: '1000.00',
      observations: ['Repasar caminos'],
      deleted_at: null,
      ha_total: '80.00',
      labor_total: '3040.00', // 38 × 80
      supplies_total: '1080000.00', // 2 × 80 × 5000 + 0.5 × 80 × 7000
      total_cost: '1083040.00',
      total_cost_usd: '1083.04',
      percentage_contributions: '0.00',
      stock_used: false,
      company: { is_an_agreement: false },
    });
    expect(o.field_crops.map((l) => [l.field.name, l.hectares_to_apply, l.crop?.name])).toEqual([
      ['El Bajo', '50.00', 'Soja'],
      ['La Loma', '30.00', 'Soja'],
    ]);
    expect(o.supplies.map((s) => [s.dose_to_apply, s.total_quantity, s.stock?.stock_id, s.fill_order])).toEqual([
      ['2.00000', '160.000', f.stocks[0], 1],
      ['0.50000', '40.000', f.stocks[1], 2],
    ]);
    expect(o.adversities).toEqual([{ adversity_id: 1, name: 'Rama negra', adversity_type: 'maleza' }]);
  });

  it('duplicate = GET + POST: the copy is a new order with the same content', async () => {
    const id = await createOrder(app, owner, orderBody(f));
    const o = await get(id);
    const copy = await createOrder(app, owner, {
      season_plan_id: o.season_plan_id,
      contractor_id: o.contractor_id,
      labor_id: o.labor_id,
      price: o.price,
      exchange_rate: o.exchange_rate,
      labor_start_date: o.labor_start_date,
      labor_end_date: o.labor_end_date,
      observations: o.observations as never,
      field_crops: o.field_crops.map((l) => ({ field_crop_id: l.field_crop_id, hectares_to_apply: l.hectares_to_apply, crop_id: l.crop_id, stage_id: l.stage_id })),
      supplies: o.supplies.map((s) => ({ supply_id: s.supply_id, unit_id: s.unit_id, dose_to_apply: s.dose_to_apply, price: s.price, stock_id: s.stock_id, fill_order: s.fill_order })),
      adversities: o.adversities.map((a) => ({ adversity_id: a.adversity_id })),
    });
    expect(copy).not.toBe(id);
    const c = await get(copy);
    expect(c.total_cost).toBe(o.total_cost);
    expect(c.field_crops.map((l) => l.field_crop_id)).toEqual(o.field_crops.map((l) => l.field_crop_id));
  });
});

describe('PUT / DELETE / restore', () => {
  it('edits, records the changes, disables (read-only) and restores', async () => {
    const id = await createOrder(app, owner, orderBody(f));
    const edit = await call(app, 'PUT', `work-orders?${q(owner, `work_order_id=${id}`)}`, {
      token: owner.token,
      body: orderBody(f, {
        price: '40',
        field_crops: [{ field_crop_id: f.plots[0].field_crop_id, hectares_to_apply: '50' }, { field_crop_id: f.plots[2].field_crop_id, hectares_to_apply: '20' }],
        supplies: [{ supply_id: f.supplies[0], dose_to_apply: '2', price: '5000' }],
      }),
    });
    expect(edit.statusCode).toBe(200);
    expect(json(edit).message).toBe('Orden de trabajo editada!');
    const o = await get(id);
    expect(o.price).toBe('40.00');
    expect(o.field_crops.map((l) => l.field.name)).toEqual(['El Bajo', 'El Monte']);
    expect(o.supplies[0].unit.unit_id).toBe(9); // the supply's unit by default

    const del = await call(app, 'DELETE', `work-orders?${q(owner, `work_order_id=${id}`)}`, { token: owner.token });
    expect(del.statusCode).toBe(200);
    expect((await get(id)).deleted_at).not.toBeNull();
    const readOnly = await call(app, 'PUT', `work-orders?${q(owner, `work_order_id=${id}`)}`, { token: owner.token, body: orderBody(f) });
    expect(readOnly.statusCode).toBe(409);
    expect(json(readOnly).message).toBe(WORK_ORDER_MSG.disabledReadOnly);
    const status = await call(app, 'PUT', `work-orders/${id}/status/2?${q(owner)}`, { token: owner.token, body: {} });
    expect(status.statusCode).toBe(409);

    const restore = await call(app, 'PUT', `work-orders?${q(owner, `work_order_id=${id}&restore=true`)}`, { token: owner.token });
    expect(restore.statusCode).toBe(200);
    expect((await get(id)).deleted_at).toBeNull();

    const history = json<WorkOrderHistoryRow[]>(await call(app, 'GET', `work-orders/history?${q(owner, `work_order_id=${id}&per_page=10`)}`, { token: owner.token }));
    const actions = history.data.map((h) => h.action);
    expect(actions.slice(0, 2)).toEqual(['restored', 'deleted']);
    expect(actions.slice(5)).toEqual(['updated', 'created']);
    expect(history.data.slice(2, 5).map((h) => `${h.action} ${h.detail}`).sort()).toEqual(['added Lote El Monte', `removed Insumo ${o.supplies.length ? '2,4-D' : ''}`, 'removed Lote La Loma'].map((x) => expect.stringContaining(x)));
    expect(history.data[0].user).toEqual({ name: expect.any(String), last_name: 'Prueba' });
    expect(history.total).toBe(7);
  });
});

describe('lists', () => {
  it('tabs, filters, search and the contract fields', async () => {
    const planned = await createOrder(app, owner, orderBody(f, { status_id: 7 }));
    const created = json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, 'pagination=true&page=1')}`, { token: owner.token }));
    expect((created as { per_page?: number }).per_page).toBe(40);
    expect(created.data.every((o) => o.status_id !== 7 && o.deleted_at === null)).toBe(true);
    expect(created.data.map((o) => o.work_order_id)).toEqual([...created.data.map((o) => o.work_order_id)].sort((a, b) => b - a));
    const plannedTab = json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, 'tab=planned&pagination=true')}`, { token: owner.token }));
    expect(plannedTab.data.map((o) => o.work_order_id)).toEqual([planned]);
    const row = plannedTab.data[0];
    expect(row).toMatchObject({ season: { name: '2025/26' }, company: { is_an_agreement: false }, farm: { name: expect.stringContaining('La Esperanza') }, labor: { name: 'Pulverización terrestre' } });
    expect(row.supplies.map((s) => s.stock_id)).toEqual(f.stocks);

    const byCrop = json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, `tab=planned&filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'crop_id', condition: 'is', value: 2 }] }))}`)}`, { token: owner.token }));
    expect(byCrop.data).toEqual([]);
    const cropOf = row.field_crops[0].crop_id;
    const crop = async (conds: unknown[], extra = '') =>
      json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, `tab=planned${extra}&filters=${encodeURIComponent(JSON.stringify({ AND: conds }))}`)}`, { token: owner.token })).data.map((o) => o.work_order_id);
    expect(await crop([{ field: 'crop_id', condition: 'is', value: cropOf }])).toEqual([planned]);
    expect(await crop([{ field: 'crop_id', condition: 'in', value: [999, cropOf] }])).toEqual([planned]);
    expect(await crop([{ field: 'crop_id', condition: 'in', value: [cropOf] }, { field: 'crop_id', condition: 'is', value: 999 }])).toEqual([]);
    expect(await crop([{ field: 'crop_id', condition: 'is', value: cropOf }], `&pagination=true&work_order_id=${planned}`)).toEqual([planned]);
    expect(await crop([{ field: 'crop_id', condition: 'is', value: cropOf }], `&pagination=true&work_order_id=${planned + 1000}`)).toEqual([]);
    const search = json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, 'tab=planned&search=loma')}`, { token: owner.token }));
    expect(search.data.map((o) => o.work_order_id)).toEqual([planned]);
    const none = json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, 'tab=planned&search=nada-de-esto')}`, { token: owner.token }));
    expect(none.data).toEqual([]);
  });

  it('last prices per labor and supply', async () => {
    const latest = await createOrder(app, owner, orderBody(f, { price: '41.5', supplies: [{ supply_id: f.supplies[0], dose_to_apply: '1', price: '5100' }] }));
    expect(latest).toBeGreaterThan(0);
    const res = json<{ labors: { labor_id: number; price: string }[]; supplies: { supply_id: number; price: string }[] }[]>(
      await call(app, 'GET', `work-orders/prices?${q(owner, `labor_id=2&supply_id=${f.supplies.join(',')}`)}`, { token: owner.token }),
    );
    expect(res.data[0].labors).toEqual([{ labor_id: 2, price: '41.50', exchange_rate: '1000.00', date: expect.any(String) }]);
    expect(res.data[0].supplies.map((s) => [s.supply_id, s.price])).toEqual([
      [f.supplies[0], '5100.00'],
      [f.supplies[1], '7000.00'],
    ]);
  });
});
