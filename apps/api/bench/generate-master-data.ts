import { buyers, carriers, contractors, destinations, livestockAgents, providers, transports } from '../src/db/schema/index';
import { cuit, firmName, LAST_NAMES, PLACE_NAMES, personName, type Rng } from './fake';
import { insertRows, shareAll, step, type GenContext } from './generate-core';

/** Rows of each commercial master-data resource at scale 1 (an active mixed farming business). */
const COUNTS = { providers: 600, buyers: 120, transports: 60, carriers: 250, destinations: 150, contractors: 80, livestockAgents: 40 };

const PROVIDER_KINDS = ['Agroquímicos', 'Semillería', 'Fertilizantes', 'Agroinsumos', 'Veterinaria', 'Combustibles', 'Repuestos Agrícolas', 'Agroservicios'] as const;
const BUYER_KINDS = ['Acopio', 'Cereales', 'Cooperativa Agrícola', 'Molino', 'Exportadora', 'Aceitera'] as const;
const TRANSPORT_KINDS = ['Transporte', 'Logística', 'Fletes'] as const;
const AREA_CODES = ['11', '221', '2477', '341', '351', '3462', '2314', '2954', '343', '3571'] as const;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function phone(rng: Rng): string {
  const area = rng.pick(AREA_CODES);
  return `+549${area}${String(rng.int(0, 10 ** (10 - area.length) - 1)).padStart(10 - area.length, '0')}`;
}

function plate(rng: Rng): string {
  const l = () => LETTERS[rng.int(0, 25)];
  const digits = String(rng.int(0, 999)).padStart(3, '0');
  return rng.chance(0.6) ? `${l()}${l()}${digits}${l()}${l()}` : `${l()}${l()}${l()}${digits}`;
}

function emailOf(name: string, i: number): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 30);
  return `${slug}${i}@bench.local`;
}

/** A contact-like row (providers, buyers, transports, contractors, livestock agents). */
function contact(ctx: GenContext, name: string, i: number) {
  const { rng } = ctx;
  const who = personName(rng);
  return {
    user_id: ctx.ownerId,
    name,
    tax_identifier: cuit(rng, rng.chance(0.8) ? 'firm' : 'person'),
    contact_name: `${who.name} ${who.last_name}`,
    email: emailOf(name, i),
    phone: phone(rng),
    observations: rng.chance(0.2) ? 'Cuenta corriente a 30 días' : null,
    active: rng.chance(0.92),
    created_by: ctx.ownerId,
  };
}

async function contacts<T extends typeof providers | typeof buyers | typeof transports | typeof contractors>(
  ctx: GenContext,
  table: T,
  type: 'providers' | 'buyers' | 'transports' | 'contractors',
  count: number,
  name: (rng: Rng) => string,
  pickId: (row: T['$inferSelect']) => number,
): Promise<number[]> {
  let ids: number[] = [];
  await step(ctx, type, async () => {
    const rows = Array.from({ length: count }, (_, i) => contact(ctx, name(ctx.rng), i + 1));
    ids = await insertRows(ctx.db, table, rows as T['$inferInsert'][], pickId);
    return rows.length;
  });
  await step(ctx, `workspace_entities (${type})`, () => shareAll(ctx, type, ids));
  return ids;
}

/** Providers, buyers, transports with their carriers, destinations (acopios of buyers, silos on farms), contractors, livestock agents. */
export async function generateMasterData(ctx: GenContext): Promise<void> {
  const factor = ctx.scale.farms / 220;
  const n = (v: number) => Math.max(1, Math.round(v * factor));
  const { rng } = ctx;
  await contacts(ctx, providers, 'providers', n(COUNTS.providers), (r) => (r.chance(0.7) ? `${r.pick(PROVIDER_KINDS)} ${r.pick(PLACE_NAMES)}` : firmName(r)), (p) => p.provider_id);
  const buyerIds = await contacts(ctx, buyers, 'buyers', n(COUNTS.buyers), (r) => `${r.pick(BUYER_KINDS)} ${r.pick(PLACE_NAMES)}`, (b) => b.buyer_id);
  const transportIds = await contacts(ctx, transports, 'transports', n(COUNTS.transports), (r) => `${r.pick(TRANSPORT_KINDS)} ${r.pick(LAST_NAMES)}`, (t) => t.transport_id);
  await contacts(ctx, contractors, 'contractors', n(COUNTS.contractors), (r) => `Servicios Agrícolas ${r.pick(LAST_NAMES)}`, (c) => c.contractor_id);

  await step(ctx, 'carriers', async () => {
    const rows = Array.from({ length: n(COUNTS.carriers) }, () => {
      const who = personName(rng);
      return {
        user_id: ctx.ownerId,
        transport_id: rng.pick(transportIds),
        name: `${who.name} ${who.last_name}`,
        tax_identifier: cuit(rng, 'person'),
        chassis_patent: plate(rng),
        trailer_patent: plate(rng),
        active: rng.chance(0.9),
        created_by: ctx.ownerId,
      };
    });
    await insertRows(ctx.db, carriers, rows);
    return rows.length;
  });

  let destinationIds: number[] = [];
  await step(ctx, 'destinations', async () => {
    const rows = Array.from({ length: n(COUNTS.destinations) }, (_, i) => {
      const onFarm = rng.chance(0.5);
      const type = onFarm ? rng.pick(['Silo', 'Silobolsa'] as const) : 'Acopio';
      return {
        user_id: ctx.ownerId,
        name: onFarm ? `${type} ${i + 1} ${rng.pick(PLACE_NAMES)}` : `Planta ${rng.pick(PLACE_NAMES)}`,
        destination_type: type,
        farm_id: onFarm ? rng.pick(ctx.farms).farm_id : null,
        buyer_id: !onFarm && rng.chance(0.7) ? rng.pick(buyerIds) : null,
        active: rng.chance(0.95),
        created_by: ctx.ownerId,
      };
    });
    destinationIds = await insertRows(ctx.db, destinations, rows, (d) => d.destination_id);
    return rows.length;
  });
  await step(ctx, 'workspace_entities (destinations)', () => shareAll(ctx, 'destinations', destinationIds));

  let agentIds: number[] = [];
  await step(ctx, 'livestock_agents', async () => {
    const rows = Array.from({ length: n(COUNTS.livestockAgents) }, (_, i) => {
      const seller = rng.chance(0.6);
      return { ...contact(ctx, `Consignataria ${rng.pick(LAST_NAMES)}`, i + 1), is_seller: seller, is_buyer: !seller || rng.chance(0.4) };
    });
    agentIds = await insertRows(ctx.db, livestockAgents, rows, (a) => a.livestock_agent_id);
    return rows.length;
  });
  await step(ctx, 'workspace_entities (livestock_agents)', () => shareAll(ctx, 'livestock_agents', agentIds));
}
