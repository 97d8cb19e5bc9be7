import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { argentinaDay } from '@fm/domain';
import type { Executor } from '../../db/client';
import { companies, providers, supplies, units, warehouses, workspaceEntities } from '../../db/schema/index';
import { share } from '../../http/sharing';
import type { DemoContext } from '../demo-seeders';
import { adjust, move, receive } from './ledger';

/**
 * Demo inventory (issue 9 item 11): two warehouses shared into the demo workspace, two dozen supplies in stock each with
 * two entries at different prices (so PPP differs from the last price), one movement, one adjustment and one lot about
 * to expire. Supplies are taken from the catalogue by name; a name the catalogue lacks becomes a supply of the workspace.
 * Prices in pesos per unit at the exchange rate of each entry.
 */
type DemoSupply = { name: string; generic: string | null; type: number; unit: string; qty: [number, number]; usd: [number, number] };

const HERBICIDE = 1;
const INSECTICIDE = 2;
const FUNGICIDE = 3;
const FERTILISER = 4;
const SEED = 5;
const ADJUVANT = 6;

const SUPPLIES: DemoSupply[] = [
  { name: 'Glifosato 66,2% SL', generic: 'Glifosato', type: HERBICIDE, unit: 'lt', qty: [800, 400], usd: [4.2, 4.6] },
  { name: 'Atrazina 90% WG', generic: 'Atrazina', type: HERBICIDE, unit: 'kg', qty: [200, 150], usd: [6.8, 7.1] },
  { name: '2,4-D sal amina 60% SL', generic: '2,4-D', type: HERBICIDE, unit: 'lt', qty: [150, 100], usd: [5.1, 5.5] },
  { name: 'S-metolacloro 96% EC', generic: 'S-Metolacloro', type: HERBICIDE, unit: 'lt', qty: [120, 80], usd: [11.5, 12.4] },
  { name: 'Dicamba 57,7% SL', generic: 'Dicamba', type: HERBICIDE, unit: 'lt', qty: [60, 40], usd: [14.0, 13.2] },
  { name: 'Paraquat 27,6% SL', generic: 'Paraquat', type: HERBICIDE, unit: 'lt', qty: [100, 60], usd: [5.9, 6.3] },
  { name: 'Imazetapir 10,6% SL', generic: 'Imazetapir', type: HERBICIDE, unit: 'lt', qty: [40, 30], usd: [9.5, 9.9] },
  { name: 'Cletodim 24% EC', generic: 'Cletodim', type: HERBICIDE, unit: 'lt', qty: [50, 30], usd: [13.0, 12.1] },
  { name: 'Flumioxazin 48% SC', generic: 'Flumioxazin', type: HERBICIDE, unit: 'kg', qty: [12, 8], usd: [95.0, 99.0] },
  { name: 'Clorpirifós 48% EC', generic: 'Clorpirifos', type: INSECTICIDE, unit: 'lt', qty: [60, 40], usd: [7.5, 7.9] },
  { name: 'Lambdacialotrina 5% EC', generic: 'Lambdacialotrina', type: INSECTICIDE, unit: 'lt', qty: [40, 20], usd: [10.2, 10.8] },
  { name: 'Coragen', generic: 'Clorantraniliprole', type: INSECTICIDE, unit: 'lt', qty: [10, 6], usd: [180.0, 172.0] },
  { name: 'Imidacloprid 35% SC', generic: 'Imidacloprid', type: INSECTICIDE, unit: 'lt', qty: [20, 15], usd: [22.0, 23.5] },
  { name: 'Amistar Xtra', generic: 'Azoxistrobina + Ciproconazole', type: FUNGICIDE, unit: 'lt', qty: [50, 30], usd: [28.0, 29.5] },
  { name: 'Tebuconazol 43% SC', generic: 'Tebuconazole', type: FUNGICIDE, unit: 'lt', qty: [30, 20], usd: [12.0, 12.8] },
  { name: 'Carbendazim 50% SC', generic: 'Carbendazim', type: FUNGICIDE, unit: 'lt', qty: [25, 15], usd: [8.4, 8.1] },
  { name: 'Urea granulada 46-0-0', generic: 'Urea', type: FERTILISER, unit: 'kg', qty: [12000, 8000], usd: [0.58, 0.64] },
  { name: 'Fosfato monoamónico 11-52-0', generic: 'Fosfato monoamónico (MAP)', type: FERTILISER, unit: 'kg', qty: [10000, 6000], usd: [0.78, 0.82] },
  { name: 'UAN 32', generic: 'Solución de urea y nitrato de amonio', type: FERTILISER, unit: 'lt', qty: [9000, 5000], usd: [0.45, 0.49] },
  { name: 'Superfosfato simple 0-21-0-12S', generic: 'Superfosfato simple', type: FERTILISER, unit: 'kg', qty: [4000, 3000], usd: [0.41, 0.44] },
  { name: 'Semilla de soja', generic: 'Soja', type: SEED, unit: 'bolsas', qty: [120, 80], usd: [38.0, 41.0] },
  { name: 'Semilla de maíz híbrido', generic: 'Maíz', type: SEED, unit: 'bolsas', qty: [60, 40], usd: [230.0, 245.0] },
  { name: 'Semilla de trigo pan', generic: 'Trigo', type: SEED, unit: 'kg', qty: [9000, 6000], usd: [0.55, 0.6] },
  { name: 'Aceite metilado de soja', generic: 'Aceite vegetal metilado', type: ADJUVANT, unit: 'lt', qty: [200, 100], usd: [3.1, 3.3] },
];

const RATES = ['1180.0000', '1445.0000'] as const;

/** The catalogue supply of that name, or a supply of the demo workspace when the catalogue lacks it. */
async function supplyFor(tx: Executor, ctx: DemoContext, s: DemoSupply, unitId: number): Promise<number> {
  const [found] = await tx
    .select({ supply_id: supplies.supply_id })
    .from(supplies)
    .where(and(isNull(supplies.workspace_id), eq(sql`lower(${supplies.name})`, s.name.toLowerCase())))
    .limit(1);
  if (found) return found.supply_id;
  const [row] = await tx
    .insert(supplies)
    .values({ workspace_id: ctx.workspaceId, name: s.name, generic_name: s.generic, supply_type_id: s.type, unit_id: unitId, created_by: ctx.userId, updated_by: ctx.userId })
    .returning({ supply_id: supplies.supply_id });
  return row.supply_id;
}

/** A shared resource of the demo workspace by name, else the first one shared (the land and master-data demos run first). */
async function sharedId(tx: Executor, ctx: DemoContext, type: 'companies' | 'providers', name: string): Promise<number | null> {
  const table = type === 'companies' ? companies : providers;
  const idCol = type === 'companies' ? companies.company_id : providers.provider_id;
  const ids = (await tx.select({ id: workspaceEntities.entity_id }).from(workspaceEntities).where(and(eq(workspaceEntities.workspace_id, ctx.workspaceId), eq(workspaceEntities.entity_type, type)))).map((r) => r.id);
  if (!ids.length) return null;
  const rows = await tx.select({ id: idCol, name: table.name }).from(table).where(inArray(idCol, ids)).orderBy(asc(idCol));
  return (rows.find((r) => r.name === name) ?? rows[0])?.id ?? null;
}

const money = (usd: number, rate: string) => (usd * Number(rate)).toFixed(2);

export async function seedInventoryDemo(tx: Executor, ctx: DemoContext): Promise<void> {
  const companyId = await sharedId(tx, ctx, 'companies', 'Agro Los Álamos S.A.');
  if (!companyId) return;
  const providerIds = [await sharedId(tx, ctx, 'providers', 'Agroinsumos Pampa SA'), await sharedId(tx, ctx, 'providers', 'Agroquímica Tandil SA')];
  const audit = { user_id: ctx.userId, created_by: ctx.userId, updated_by: ctx.userId };
  const [central, galpon] = await tx.insert(warehouses).values([{ name: 'Depósito Central', ...audit }, { name: 'Galpón La Esperanza', ...audit }]).returning();
  for (const w of [central, galpon]) await share(tx, 'warehouses', w.warehouse_id, [ctx.workspaceId]);

  const unitRows = await tx.select({ unit_id: units.unit_id, name: units.name }).from(units);
  const unitOf = (name: string) => unitRows.find((u) => u.name === name)?.unit_id ?? unitRows[0]?.unit_id;
  const soon = argentinaDay(20);
  const later = argentinaDay(400);
  const stockIds: number[] = [];
  for (const [i, s] of SUPPLIES.entries()) {
    const unitId = unitOf(s.unit);
    if (!unitId) return;
    const supplyId = await supplyFor(tx, ctx, s, unitId);
    // seeds and fertilisers do not expire in practice; the others carry a lot date, one of them close
    const expires = s.type !== SEED && s.type !== FERTILISER;
    for (const n of [0, 1] as const) {
      // the first lot of the lambdacialotrina is the one about to expire
      const expiration = !expires ? null : i === 10 && n === 0 ? soon : later;
      const { stockIds: ids } = await receive(tx, {
        workspaceId: ctx.workspaceId,
        userId: ctx.userId,
        companyId,
        warehouseId: central.warehouse_id,
        providerId: providerIds[n],
        invoice: `A-0003-${String(1200 + i * 2 + n).padStart(8, '0')}`,
        rows: [{ supplyId, unitId, quantity: String(s.qty[n]), price: money(s.usd[n], RATES[n]), exchangeRate: RATES[n], expirationDate: expiration }],
      });
      if (n === 0) stockIds.push(ids[0]);
    }
  }
  // glyphosate and urea to the farm's shed before the campaign; a count of the 2,4-D that found a broken drum
  await move(tx, {
    workspaceId: ctx.workspaceId,
    userId: ctx.userId,
    destinationWarehouseId: galpon.warehouse_id,
    deliveryNote: 'R-0001-00000451',
    observations: 'Traslado para la siembra de gruesa',
    rows: [
      { stockId: stockIds[0], quantity: '300' },
      { stockId: stockIds[16], quantity: '5000' },
    ],
  });
  await adjust(tx, { workspaceId: ctx.workspaceId, userId: ctx.userId, stockId: stockIds[2], countedQuantity: '230', observations: 'Conteo de fin de mes: un bidón de 20 lt roto' });
}
