import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { buyers, carriers, contractors, destinations, farms, livestockAgents, providers, transports } from '../../db/schema/index';
import { share, type EntityType } from '../../http/sharing';
import type { DemoContext } from '../demo-seeders';

/**
 * Demo master data (spec doc 3 §3): suppliers, buyers (acopios and exporters), transports with
 * their drivers, contractors, livestock agents and destinations, all shared into the demo
 * workspace. CUITs pass the check digit and plates use both formats (DOMAIN.md).
 */
type Contact = { name: string; tax_identifier?: string; contact_name?: string; email?: string; phone?: string; observations?: string };

const PROVIDERS: Contact[] = [
  { name: 'Agroinsumos Pampa SA', tax_identifier: '30704123457', contact_name: 'Laura Fernández', email: 'ventas@agroinsumospampa.com.ar', phone: '+5492494456123' },
  { name: 'Semillería Don Atilio SRL', tax_identifier: '30501234563', contact_name: 'Atilio Bianchi', phone: '+5492983421567' },
  { name: 'Fertilizantes del Litoral SA', tax_identifier: '30712345671', email: 'pedidos@fertilitoral.com.ar', phone: '+5493415554433' },
  { name: 'Agroquímica Tandil SA', tax_identifier: '33509876547', contact_name: 'Pablo Ruiz', observations: 'Entrega en campo sin cargo desde 50 bidones' },
];

const BUYERS: Contact[] = [
  { name: 'Cooperativa Agrícola de Tres Arroyos', tax_identifier: '30543210982', contact_name: 'Mesa de granos', email: 'granos@coopta.com.ar', phone: '+5492983431000' },
  { name: 'Granos del Sudeste SA', tax_identifier: '30602345110', contact_name: 'Diego Sosa', phone: '+5492262525252' },
  { name: 'Exportadora Puerto Quequén SA', tax_identifier: '30715556665', email: 'compras@expquequen.com.ar' },
  { name: 'Molinos Harineros del Sur SA', tax_identifier: '30709998885', contact_name: 'Carla Méndez', observations: 'Solo trigo pan, proteína mínima 10,5 %' },
];

const TRANSPORTS: (Contact & { drivers: { name: string; tax_identifier: string; chassis_patent: string; trailer_patent: string }[] })[] = [
  {
    name: 'Transportes Benítez Hnos.',
    tax_identifier: '30710020031',
    phone: '+5492494601020',
    drivers: [
      { name: 'Ramón Benítez', tax_identifier: '20234567897', chassis_patent: 'AB123CD', trailer_patent: 'KJH456' },
      { name: 'Hugo Benítez', tax_identifier: '20287651237', chassis_patent: 'GHT789', trailer_patent: 'AC456FG' },
    ],
  },
  {
    name: 'Logística Ruta 3 SRL',
    tax_identifier: '30691112221',
    contact_name: 'Silvia Acosta',
    drivers: [
      { name: 'Marcela Quiroga', tax_identifier: '27301112225', chassis_patent: 'AD789JK', trailer_patent: 'AE321LM' },
      { name: 'Carlos Medina', tax_identifier: '20176543214', chassis_patent: 'FRE321', trailer_patent: 'HJK987' },
    ],
  },
  {
    name: 'Fletes La Tandilense',
    tax_identifier: '20223334440',
    phone: '+5492494332211',
    drivers: [
      { name: 'Jorge Álvarez', tax_identifier: '20312223334', chassis_patent: 'AF654PQ', trailer_patent: 'LMN159' },
      { name: 'Walter Gómez', tax_identifier: '20334445551', chassis_patent: 'OPR753', trailer_patent: 'AG852RS' },
    ],
  },
];

const CONTRACTORS: Contact[] = [
  { name: 'Servicios Agropecuarios Gómez', tax_identifier: '20251119997', contact_name: 'Néstor Gómez', phone: '+5492494778899', observations: 'Siembra y pulverización terrestre' },
  { name: 'Cosechas del Centro', tax_identifier: '20298887771', phone: '+5493584112233', observations: 'Cosecha gruesa y embolsado' },
];

async function insertShared(tx: Executor, ctx: DemoContext, type: EntityType, ids: number[]) {
  for (const id of ids) await share(tx, type, id, [ctx.workspaceId]);
}

/** Runs after the land demo: the silos sit on its first farm. */
export async function seedMasterDataDemo(tx: Executor, ctx: DemoContext): Promise<void> {
  const owner = { user_id: ctx.userId, created_by: ctx.userId, updated_by: ctx.userId };
  const provs = await tx.insert(providers).values(PROVIDERS.map((p) => ({ ...p, ...owner }))).returning({ id: providers.provider_id });
  await insertShared(tx, ctx, 'providers', provs.map((p) => p.id));

  const buys = await tx.insert(buyers).values(BUYERS.map((b) => ({ ...b, ...owner }))).returning({ id: buyers.buyer_id });
  await insertShared(tx, ctx, 'buyers', buys.map((b) => b.id));

  for (const { drivers, ...t } of TRANSPORTS) {
    const [row] = await tx.insert(transports).values({ ...t, ...owner }).returning({ id: transports.transport_id });
    await insertShared(tx, ctx, 'transports', [row.id]);
    await tx.insert(carriers).values(drivers.map((d) => ({ ...d, ...owner, transport_id: row.id })));
  }

  const contr = await tx.insert(contractors).values(CONTRACTORS.map((c) => ({ ...c, ...owner }))).returning({ id: contractors.contractor_id });
  await insertShared(tx, ctx, 'contractors', contr.map((c) => c.id));

  const agents = await tx
    .insert(livestockAgents)
    .values([
      { ...owner, name: 'Consignataria Rosales y Cía.', tax_identifier: '27265556669', contact_name: 'Inés Rosales', phone: '+5492281445566', is_seller: true, is_buyer: true },
      { ...owner, name: 'Hacienda Mercado Cañuelas', contact_name: 'Martín Ledesma', email: 'remates@haciendacanuelas.com.ar', is_seller: false, is_buyer: true },
    ])
    .returning({ id: livestockAgents.livestock_agent_id });
  await insertShared(tx, ctx, 'livestock_agents', agents.map((a) => a.id));

  const dests: { name: string; destination_type: string; buyer_id: number | null; farm_id: number | null }[] = [
    { name: 'Acopio Cooperativa Tres Arroyos', destination_type: 'Acopio', buyer_id: buys[0].id, farm_id: null },
    { name: 'Planta Granos del Sudeste Necochea', destination_type: 'Acopio', buyer_id: buys[1].id, farm_id: null },
  ];
  // Silo and Silobolsa sit on a demo farm (the land seeder runs first; without a farm they are skipped)
  const [farm] = await tx.select({ id: farms.farm_id, name: farms.name }).from(farms).where(eq(farms.user_id, ctx.userId)).orderBy(asc(farms.farm_id)).limit(1);
  if (farm) {
    dests.push({ name: `Silo ${farm.name}`, destination_type: 'Silo', buyer_id: null, farm_id: farm.id });
    dests.push({ name: `Silobolsa ${farm.name} 1`, destination_type: 'Silobolsa', buyer_id: null, farm_id: farm.id });
  }
  const dRows = await tx.insert(destinations).values(dests.map((d) => ({ ...d, ...owner }))).returning({ id: destinations.destination_id });
  await insertShared(tx, ctx, 'destinations', dRows.map((d) => d.id));
}
