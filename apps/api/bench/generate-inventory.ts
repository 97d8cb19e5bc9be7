import Big from 'big.js';
import { pppAfterEntry, type TransactionType } from '@fm/domain';
import { stocks, stockTransactions, supplies, warehouses } from '../src/db/schema/index';
import { refreshExpirations } from '../src/modules/inventory/ledger.repo';
import { PLACE_NAMES } from './fake';
import { insertRows, shareAll, step, type GenContext } from './generate-core';

/** Volumes at scale 1: 100,000 stock transactions over ~1,500 stocks (issue 9 acceptance: the lists at 100k). */
const COUNTS = { warehouses: 15, supplies: 150, stocksPerWarehouse: 100, transactions: 100_000 };
const UNITS = [9, 10, 7] as const; // lt, kg, bolsas (reference seed)
const SUPPLY_NAMES = ['Glifosato', 'Atrazina', '2,4-D', 'S-Metolacloro', 'Dicamba', 'Cletodim', 'Clorpirifos', 'Lambdacialotrina', 'Tebuconazole', 'Urea', 'Fosfato monoamónico', 'UAN', 'Semilla de soja', 'Semilla de maíz', 'Aceite metilado'] as const;

type SimStock = { key: string; company_id: number; warehouse_id: number; supply_id: number; unit_id: number; quantity: Big; ppp: string; price: string; rate: string };
type SimTx = { stock: number; destiny: number | null; name: TransactionType; quantity: string; difference: string | null; price: string; rate: string; ppp_before: string; at: Date; expiration: string | null };

/**
 * Warehouses (shared into the workspace), the workspace's own supplies, stocks and 100k ledger transactions simulated
 * in time order so every stock's quantity is its ledger sum and never went negative: entries (INITIAL, PURCHASE) with
 * PPP recomputed, usages, movements between warehouses of the same company and supply, and adjustments.
 */
export async function generateInventory(ctx: GenContext): Promise<void> {
  const { rng } = ctx;
  const factor = ctx.scale.farms / 220;
  const n = (v: number) => Math.max(1, Math.round(v * factor));
  let warehouseIds: number[] = [];
  await step(ctx, 'warehouses', async () => {
    const rows = Array.from({ length: n(COUNTS.warehouses) }, (_, i) => ({ user_id: ctx.ownerId, name: `Depósito ${rng.pick(PLACE_NAMES)} ${i + 1}`, created_by: ctx.ownerId }));
    warehouseIds = await insertRows(ctx.db, warehouses, rows, (w) => w.warehouse_id);
    return rows.length;
  });
  await step(ctx, 'workspace_entities (warehouses)', () => shareAll(ctx, 'warehouses', warehouseIds));
  let supplyRows: { supply_id: number; unit_id: number }[] = [];
  await step(ctx, 'supplies', async () => {
    const rows = Array.from({ length: COUNTS.supplies }, (_, i) => ({
      workspace_id: ctx.workspaceId,
      name: `${SUPPLY_NAMES[i % SUPPLY_NAMES.length]} ${i + 1}`,
      supply_type_id: rng.int(1, 7),
      unit_id: rng.pick(UNITS),
      created_by: ctx.ownerId,
    }));
    supplyRows = await insertRows(ctx.db, supplies, rows, (s) => ({ supply_id: s.supply_id, unit_id: s.unit_id }));
    return rows.length;
  });

  // stocks: each warehouse holds a sample of supplies for one of a few companies
  const companies = ctx.companyIds.slice(0, Math.min(10, ctx.companyIds.length));
  const sim: SimStock[] = [];
  const byKey = new Map<string, number[]>();
  const seen = new Set<string>();
  for (const warehouse_id of warehouseIds) {
    for (let i = 0; i < COUNTS.stocksPerWarehouse; i++) {
      const s = rng.pick(supplyRows);
      const company_id = rng.pick(companies);
      const id = `${company_id}/${warehouse_id}/${s.supply_id}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const key = `${company_id}/${s.supply_id}/${s.unit_id}`;
      byKey.set(key, [...(byKey.get(key) ?? []), sim.length]);
      sim.push({ key, company_id, warehouse_id, supply_id: s.supply_id, unit_id: s.unit_id, quantity: new Big(0), ppp: '0.0000', price: '0.0000', rate: '0' });
    }
  }

  const total = n(COUNTS.transactions);
  const start = Date.now() - 3 * 365 * 86_400_000;
  const span = 3 * 365 * 86_400_000;
  const txs: SimTx[] = [];
  for (let i = 0; i < total; i++) {
    const at = new Date(start + Math.floor((span * i) / total));
    const idx = rng.int(0, sim.length - 1);
    const s = sim[idx];
    const rate = (1000 + (450 * i) / total).toFixed(4);
    const entry = (name: TransactionType) => {
      const quantity = new Big(rng.int(50, 2000));
      const price = (rng.decimal(2, 250, 2) * Number(rate)).toFixed(4);
      const expiration = rng.chance(0.6) ? new Date(at.getTime() + rng.int(60, 900) * 86_400_000).toISOString().slice(0, 10) : null;
      txs.push({ stock: idx, destiny: null, name, quantity: quantity.toFixed(5), difference: null, price, rate, ppp_before: s.ppp, at, expiration });
      s.ppp = pppAfterEntry(s.quantity, s.ppp, quantity, price);
      s.quantity = s.quantity.plus(quantity);
      s.price = price;
      s.rate = rate;
    };
    if (s.quantity.eq(0) && s.rate === '0') {
      entry('INITIAL');
      continue;
    }
    const kind = rng.weighted([['PURCHASE', 30], ['USAGE', 52], ['MOVEMENT', 12], ['ADJUSTMENT', 6]] as const);
    if (kind === 'PURCHASE' || s.quantity.lt(10)) {
      entry('PURCHASE');
      continue;
    }
    if (kind === 'ADJUSTMENT') {
      const counted = s.quantity.times(rng.decimal(0.95, 1.02, 3)).round(0);
      txs.push({ stock: idx, destiny: null, name: 'ADJUSTMENT', quantity: counted.toFixed(5), difference: counted.minus(s.quantity).toFixed(5), price: s.ppp, rate: s.rate, ppp_before: s.ppp, at, expiration: null });
      s.quantity = counted;
      continue;
    }
    const quantity = s.quantity.times(rng.decimal(0.05, 0.4, 3)).round(0).plus(1);
    const siblings = (byKey.get(s.key) ?? []).filter((j) => j !== idx);
    if (kind === 'MOVEMENT' && siblings.length) {
      const d = sim[rng.pick(siblings)];
      const destiny = sim.indexOf(d);
      txs.push({ stock: idx, destiny, name: 'MOVEMENT', quantity: quantity.toFixed(5), difference: null, price: s.ppp, rate: s.rate, ppp_before: s.ppp, at, expiration: null });
      d.ppp = pppAfterEntry(d.quantity, d.ppp, quantity, s.ppp);
      d.quantity = d.quantity.plus(quantity);
      if (d.rate === '0') d.rate = s.rate;
    } else {
      txs.push({ stock: idx, destiny: null, name: 'USAGE', quantity: quantity.toFixed(5), difference: null, price: s.ppp, rate: s.rate, ppp_before: s.ppp, at, expiration: null });
    }
    s.quantity = s.quantity.minus(quantity);
  }

  let stockIds: number[] = [];
  await step(ctx, 'stocks', async () => {
    const rows = sim.map((s) => ({
      workspace_id: ctx.workspaceId,
      company_id: s.company_id,
      warehouse_id: s.warehouse_id,
      supply_id: s.supply_id,
      unit_id: s.unit_id,
      quantity: s.quantity.toFixed(5),
      ppp: s.ppp,
      price: s.price,
      exchange_rate: s.rate === '0' ? null : s.rate,
    }));
    stockIds = await insertRows(ctx.db, stocks, rows, (s) => s.stock_id);
    return rows.length;
  });
  await step(ctx, 'stock_transactions', async () => {
    const users = [ctx.ownerId, ...ctx.memberIds.slice(0, 5)];
    const rows = txs.map((t, i) => ({
      workspace_id: ctx.workspaceId,
      stock_id: stockIds[t.stock],
      stock_destiny_id: t.destiny === null ? null : stockIds[t.destiny],
      name: t.name,
      quantity: t.quantity,
      difference: t.difference,
      price: t.price,
      exchange_rate: t.rate,
      ppp_before: t.ppp_before,
      invoice: t.name === 'INITIAL' || t.name === 'PURCHASE' ? `A-0001-${String(i + 1).padStart(8, '0')}` : null,
      observations: t.name === 'ADJUSTMENT' ? 'Conteo mensual' : null,
      expiration_date: t.expiration,
      user_id: users[i % users.length],
      created_at: t.at,
      updated_at: t.at,
    }));
    await insertRows(ctx.db, stockTransactions, rows);
    return rows.length;
  });
  // each stock's nearest expiration among its lots still in stock, as every ledger write keeps it (expiry.ts relies on it)
  await step(ctx, 'stocks (expiration_date)', async () => {
    for (let i = 0; i < stockIds.length; i += 2000) await refreshExpirations(ctx.db, ctx.workspaceId, stockIds.slice(i, i + 2000));
    return stockIds.length;
  });
}
