import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { GrainMovementBody, MoveGrainStockBody, NewGrainStockBody, type GrainMovementBodyInput } from '@fm/domain';
import type { Executor } from '../../db/client';
import { agreementPartners, carriers, companies, destinations, fieldCrops, seasonPlans, seasons } from '../../db/schema/index';
import { sharedInto } from '../../http/sharing';
import type { DemoContext } from '../demo-seeders';
import { createMovements, receiveMovements } from './movements.service';
import { createStock, moveStock } from './stocks.service';

/**
 * Demo grains (issue 11 item 7): the latest season's harvest of the demo workspace. Every sown plot sends a few
 * truckloads to the Acopios (maize also to the farm's Silo), most of them received with their humidity; a soybean
 * plot filled the Silobolsa (Nuevo Stock); a few tons left the bag and two of the last plot loads are still in transit. Soybean loads of the Silobolsa's farm also fill the bag. Runs after master data and plans, before contracts.
 */
const CROP = { soja: 1, maiz: 2, trigo: 3, girasol: 4 } as const;
/** [base humidity at load, spread] per crop: harvest moisture as it usually arrives. */
const HUMIDITY: Record<number, [number, number]> = { 1: [13, 2.4], 2: [14.5, 3], 3: [12.8, 1.6], 4: [10.2, 1.8] };
/** Harvest month (1-12) per crop in the season's second year; wheat in December of the first. */
const HARVEST: Record<number, [number, number]> = { 1: [1, 4], 2: [1, 5], 3: [0, 12], 4: [1, 2] };

const pad = (n: number, len: number) => String(n).padStart(len, '0');

export async function seedGrainsDemo(tx: Executor, ctx: DemoContext): Promise<void> {
  const scope = { workspaceId: ctx.workspaceId, userId: ctx.userId };
  const [season] = await tx.select({ id: seasons.season_id, name: seasons.name }).from(seasons).where(eq(seasons.workspace_id, ctx.workspaceId)).orderBy(desc(seasons.name)).limit(1);
  const dests = await tx
    .select({ id: destinations.destination_id, type: destinations.destination_type, farm_id: destinations.farm_id })
    .from(destinations)
    .where(and(sharedInto('destinations', destinations.destination_id, ctx.workspaceId), eq(destinations.active, true)))
    .orderBy(asc(destinations.destination_id));
  const acopios = dests.filter((d) => d.type === 'Acopio');
  const silo = dests.find((d) => d.type === 'Silo');
  const silobolsa = dests.find((d) => d.type === 'Silobolsa');
  const drivers = await tx
    .select({ carrier_id: carriers.carrier_id, transport_id: carriers.transport_id })
    .from(carriers)
    .where(sharedInto('transports', carriers.transport_id, ctx.workspaceId))
    .orderBy(asc(carriers.carrier_id));
  if (!season || !acopios.length || !drivers.length) return;
  const firstYear = Number(season.name.slice(0, 4));

  const plots = await tx
    .select({
      season_plan_id: seasonPlans.season_plan_id,
      company_id: seasonPlans.company_id,
      farm_id: seasonPlans.farm_id,
      company_type_id: companies.company_type_id,
      field_crop_id: fieldCrops.field_crop_id,
      crop_id: fieldCrops.crop_id,
      hectares: fieldCrops.hectares,
    })
    .from(fieldCrops)
    .innerJoin(seasonPlans, eq(seasonPlans.season_plan_id, fieldCrops.season_plan_id))
    .innerJoin(companies, eq(companies.company_id, seasonPlans.company_id))
    .where(and(eq(seasonPlans.workspace_id, ctx.workspaceId), eq(seasonPlans.season_id, season.id), isNull(fieldCrops.deleted_at), inArray(fieldCrops.crop_id, Object.values(CROP))))
    .orderBy(asc(fieldCrops.field_crop_id));
  if (!plots.length) return;
  const agreementIds = [...new Set(plots.filter((p) => p.company_type_id === 2).map((p) => p.company_id))];
  const partners = new Map<number, number>();
  if (agreementIds.length) {
    const rows = await tx.select({ c: agreementPartners.company_id, p: agreementPartners.partner_id }).from(agreementPartners).where(inArray(agreementPartners.company_id, agreementIds)).orderBy(asc(agreementPartners.agreement_partner_id));
    for (const r of rows) if (!partners.has(r.c)) partners.set(r.c, r.p);
  }

  let n = 0;
  const transportOf = (i: number) => {
    const d = drivers[i % drivers.length];
    return { transport_id: d.transport_id, carrier_id: d.carrier_id };
  };
  const documents = (i: number) => ({
    waybill: `00001-${pad(4120 + i, 8)}`,
    grain_traceability_code: `1011${pad(270000 + i * 37, 7)}`,
    freight_price: (14 + (i % 9)).toFixed(2),
    freight_exchange_rate: (1180 + (i % 12) * 22).toFixed(2),
  });
  const humidity = (crop: number, i: number) => {
    const [base, spread] = HUMIDITY[crop];
    return (base + ((i * 7) % 10) * (spread / 10)).toFixed(1);
  };
  const loadDate = (crop: number, i: number) => {
    const [yearOffset, month] = HARVEST[crop];
    return `${firstYear + yearOffset}-${pad(month, 2)}-${pad(3 + ((i * 5) % 24), 2)}`;
  };

  const bodies: GrainMovementBodyInput[] = [];
  for (const [pi, p] of plots.entries()) {
    const loads = Math.min(4, Math.max(2, Math.round(Number(p.hectares) / 40)));
    for (let l = 0; l < loads; l++) {
      n += 1;
      const toSilo = p.crop_id === CROP.maiz && silo && silo.farm_id === p.farm_id && l >= loads - 2;
      const toBag = p.crop_id === CROP.soja && silobolsa && silobolsa.farm_id === p.farm_id && l >= loads - 2;
      bodies.push({
        season_plan_id: p.season_plan_id,
        field_crop_id: p.field_crop_id,
        partner_id: p.company_type_id === 2 ? (partners.get(p.company_id) ?? null) : null,
        destination_id: toSilo ? silo.id : toBag ? silobolsa.id : acopios[(pi + l) % acopios.length].id,
        ...transportOf(n),
        ...documents(n),
        load_date: loadDate(p.crop_id, n),
        origin_tons: (28 + ((n * 13) % 40) / 10).toFixed(2),
        origin_humidity: humidity(p.crop_id, n),
      });
    }
  }
  const created = await createMovements(tx, scope, bodies.map((b) => GrainMovementBody.parse(b)));
  // the last two plot loads are still on the road
  const toReceive = created.slice(0, -2);
  const { movements: received } = await receiveMovements(tx, scope, {
    receptions: toReceive.map((m, i) => ({
      movement_id: m.movement_id,
      destination_tons: (m.origin_tons * (0.996 - (i % 4) * 0.001)).toFixed(3),
      destination_humidity: (m.origin_humidity - (i % 3) * 0.2).toFixed(2),
    })),
  });

  // Nuevo Stock: the rest of a soybean plot bagged in the field
  const soy = plots.find((p) => p.crop_id === CROP.soja && (silobolsa ? silobolsa.farm_id === p.farm_id : true)) ?? plots[0];
  const bagBody = {
    season_plan_id: soy.season_plan_id,
    field_crop_id: soy.field_crop_id,
    partner_id: soy.company_type_id === 2 ? (partners.get(soy.company_id) ?? null) : null,
    ...transportOf(1),
    ...documents(n + 1),
    load_date: loadDate(CROP.soja, n + 1),
    destination_tons: '26.4',
    destination_humidity: '13.2',
    observations: 'Resto de cosecha embolsado en el lote',
    ...(silobolsa && silobolsa.farm_id === soy.farm_id ? { destination_id: silobolsa.id } : { create_silobag: true, silobag_name: 'Silobolsa Lote soja' }),
  };
  await createStock(tx, scope, NewGrainStockBody.parse(bagBody));
  const moveOut = async (i: number, tons: string, destinationId: number, stockId: number, partnerId: number | null) =>
    moveStock(tx, scope, stockId, MoveGrainStockBody.parse({ destination_id: destinationId, partner_id: partnerId, ...transportOf(i), ...documents(n + i), tons, humidity: '13.1', load_date: null }));
  // a few tons out of the Silobolsa, on their way to the Acopio (every stock keeps more than any load in it)
  const bagLoad = silobolsa ? received.find((m) => m.destination_id === silobolsa.id && m.stock_id !== null) : undefined;
  if (bagLoad?.stock_id) await moveOut(2, '5.2', acopios[0].id, bagLoad.stock_id, bagLoad.partner_id);
}
