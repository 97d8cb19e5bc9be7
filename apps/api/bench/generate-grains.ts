import { and, eq, isNull, sql } from 'drizzle-orm';
import { carriers, destinations, fieldCrops, grainMovements, grainStocks, grainStockTransactions, seasonPlans, transports, workspaceEntities } from '../src/db/schema/index';
import { insertRows, step, type GenContext } from './generate-core';

/** Volumes at scale 1: 100,000 grain movements in the one workspace (issue 11 acceptance: the movements list at 100k). */
const COUNTS = { movements: 100_000 };
/** In transit vs received, as a workspace after a harvest holds them. */
const IN_TRANSIT = 0.08;

/**
 * Grain movements over the generated season plans' plots (truckloads of 25-33 t) to the workspace's destinations by
 * the workspace's transports and carriers; 92 % received into the grain stock of (company, season, crop, destination)
 * with its 'recepcion' ledger row, so stocks equal the sum of their transactions.
 */
export async function generateGrains(ctx: GenContext): Promise<void> {
  const { rng } = ctx;
  const factor = ctx.scale.farms / 220;
  const total = Math.max(1, Math.round(COUNTS.movements * factor));
  const plots = await ctx.db
    .select({
      season_id: seasonPlans.season_id,
      company_id: seasonPlans.company_id,
      farm_id: seasonPlans.farm_id,
      field_id: fieldCrops.field_id,
      field_crop_id: fieldCrops.field_crop_id,
      crop_id: fieldCrops.crop_id,
      crop_sequence_id: fieldCrops.crop_sequence_id,
    })
    .from(fieldCrops)
    .innerJoin(seasonPlans, eq(seasonPlans.season_plan_id, fieldCrops.season_plan_id))
    .where(and(eq(fieldCrops.workspace_id, ctx.workspaceId), isNull(fieldCrops.deleted_at)))
    .limit(20_000);
  const shared = (type: string) => sql`exists (select 1 from ${workspaceEntities} we where we.workspace_id = ${ctx.workspaceId} and we.entity_type = ${type} and we.entity_id = `;
  const dests = await ctx.db.select({ id: destinations.destination_id }).from(destinations).where(sql`${shared('destinations')}${destinations.destination_id})`).limit(40);
  const drivers = await ctx.db
    .select({ carrier_id: carriers.carrier_id, transport_id: carriers.transport_id })
    .from(carriers)
    .innerJoin(transports, eq(transports.transport_id, carriers.transport_id))
    .where(sql`${shared('transports')}${transports.transport_id})`)
    .limit(200);
  if (!plots.length || !dests.length || !drivers.length) return;

  const start = Date.now() - 2 * 365 * 86_400_000;
  const span = 2 * 365 * 86_400_000;
  const rows: (typeof grainMovements.$inferInsert)[] = [];
  for (let i = 0; i < total; i++) {
    const p = rng.pick(plots);
    const d = rng.pick(drivers);
    const at = new Date(start + Math.floor((span * i) / total));
    const tons = rng.decimal(25, 33, 2);
    const received = !rng.chance(IN_TRANSIT);
    const humidity = rng.decimal(11, 17, 1);
    rows.push({
      workspace_id: ctx.workspaceId,
      season_id: p.season_id,
      company_id: p.company_id,
      farm_id: p.farm_id,
      field_id: p.field_id,
      field_crop_id: p.field_crop_id,
      crop_id: p.crop_id,
      crop_sequence_id: p.crop_sequence_id,
      destination_id: rng.pick(dests).id,
      transport_id: d.transport_id,
      carrier_id: d.carrier_id,
      load_date: at.toISOString().slice(0, 10),
      origin_tons: tons.toFixed(3),
      origin_humidity: humidity.toFixed(2),
      destination_tons: received ? (tons * 0.997).toFixed(3) : null,
      destination_humidity: received ? (humidity - 0.2).toFixed(2) : null,
      // a carta de porte as DOMAIN.md shows it: point of issue (four here) and order number, `00001-00000123`
      waybill: `${String(1 + (i % 4)).padStart(5, '0')}-${String(1 + Math.floor(i / 4)).padStart(8, '0')}`,
      grain_traceability_code: String(10_100_000_000 + i),
      chassis_patent: 'AB123CD',
      trailer_patent: 'AAA123',
      freight_price: rng.decimal(10, 25, 2).toFixed(2),
      freight_exchange_rate: (900 + (550 * i) / total).toFixed(2),
      status: received ? 'En destino' : 'En tránsito',
      received_at: received ? new Date(at.getTime() + 86_400_000) : null,
      created_by: ctx.ownerId,
      created_at: at,
      updated_at: at,
    });
  }

  // the stocks the receptions fill, one per (company, season, crop, destination)
  const key = (r: (typeof rows)[number]) => `${r.company_id}|${r.season_id}|${r.crop_id}|${r.destination_id}`;
  const sums = new Map<string, number>();
  for (const r of rows) if (r.destination_tons) sums.set(key(r), (sums.get(key(r)) ?? 0) + Number(r.destination_tons));
  const stockIdByKey = new Map<string, number>();
  await step(ctx, 'grain_stocks', async () => {
    const stockRows = [...sums.entries()].map(([k, tons]) => {
      const [company_id, season_id, crop_id, destination_id] = k.split('|').map(Number);
      return { workspace_id: ctx.workspaceId, company_id, season_id, crop_id, destination_id, tons: tons.toFixed(3), created_by: ctx.ownerId };
    });
    const ids = await insertRows(ctx.db, grainStocks, stockRows, (s) => s.stock_id);
    stockRows.forEach((s, i) => stockIdByKey.set(`${s.company_id}|${s.season_id}|${s.crop_id}|${s.destination_id}`, ids[i]));
    return ids.length;
  });
  for (const r of rows) if (r.destination_tons) r.stock_id = stockIdByKey.get(key(r)) ?? null;

  let ids: number[] = [];
  await step(ctx, 'grain_movements', async () => {
    ids = await insertRows(ctx.db, grainMovements, rows, (m) => m.movement_id);
    return ids.length;
  });
  await step(ctx, 'grain_stock_transactions', async () => {
    const tx = rows.flatMap((r, i) =>
      r.destination_tons && r.stock_id
        ? [{ workspace_id: ctx.workspaceId, stock_id: r.stock_id, movement_id: ids[i], kind: 'recepcion', tons: r.destination_tons, humidity: r.destination_humidity ?? null, waybill: r.waybill ?? null, origin: null, created_by: ctx.ownerId, created_at: r.received_at ?? r.created_at }]
        : [],
    );
    await insertRows(ctx.db, grainStockTransactions, tx);
    return tx.length;
  });
}
