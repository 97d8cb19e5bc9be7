import { geometryHectares, type Boundary } from '@fm/domain';
import type { Executor } from '../../db/client';
import { agreementPartners, companies, farms, fieldCrops, fields, seasonPlans, seasons } from '../../db/schema/index';
import { share } from '../../http/sharing';
import type { DemoContext } from '../demo-seeders';
import { findCity } from '../geo/index';

/**
 * Demo land (spec doc 2 §3): an agricultural company and an agreement with two partners (60/40),
 * three farms in Buenos Aires and Córdoba with 25 plots, seasons 2024/25 and 2025/26 and their
 * sowing plans with soja, maíz, trigo and girasol (Primera / Segunda). Shared into the demo workspace.
 */
const CROP = { soja: 1, maiz: 2, trigo: 3, girasol: 4 } as const;
const SEQ = { primera: 2, segunda: 3 } as const;

const FARMS = [
  { name: 'La Esperanza', city: 'Tandil', state: 'Buenos Aires', plots: [120, 95, 80, 150, 65, 110, 45, 175, 88] },
  { name: 'San Carlos', city: 'Pergamino', state: 'Buenos Aires', plots: [130, 100, 72, 160, 55, 90, 140, 38] },
  { name: 'El Ombú', city: 'Marcos Juárez', state: 'Córdoba', plots: [180, 125, 60, 105, 75, 135, 50, 98] },
];

/** A rectangle of the given hectares near the farm's locality, so the plot has a drawable boundary. */
function rectangle(lat: number, lon: number, ha: number, index: number): Boundary {
  // long, narrow plots as they are drawn in the pampas (1 : 1.6)
  const side = Math.sqrt(ha * 10_000);
  const dLat = side / 1.26 / 111_195;
  const dLon = (side * 1.26) / (111_195 * Math.cos((lat * Math.PI) / 180));
  const x = lon + (index % 3) * dLon * 1.1 + 0.03;
  const y = lat - Math.floor(index / 3) * dLat * 1.1 - 0.03;
  const ring = [[x, y], [x + dLon, y], [x + dLon, y + dLat], [x, y + dLat], [x, y]].map(([a, b]) => [Math.round(a * 1e6) / 1e6, Math.round(b * 1e6) / 1e6]);
  return { type: 'Polygon', coordinates: [ring] };
}

export async function seedLandDemo(tx: Executor, ctx: DemoContext): Promise<void> {
  const audit = { created_by: ctx.userId, updated_by: ctx.userId };
  const company = async (name: string, tax_identifier: string, company_type_id: number) => {
    const [row] = await tx.insert(companies).values({ user_id: ctx.userId, name, tax_identifier, company_type_id, ...audit }).returning();
    await share(tx, 'companies', row.company_id, [ctx.workspaceId]);
    return row.company_id;
  };
  const alamos = await company('Agro Los Álamos S.A.', '30715432109', 1);
  const convenio = await company('Convenio La Esperanza', '30718889991', 2);
  const perez = await company('Juan Pérez', '20176543214', 3);
  const gomez = await company('María Gómez', '27298765433', 3);
  await tx.insert(agreementPartners).values([
    { company_id: convenio, partner_id: perez, contribution: 60 },
    { company_id: convenio, partner_id: gomez, contribution: 40 },
  ]);

  const farmIds: number[] = [];
  const plots: { field_id: number; hectares: number }[][] = [];
  for (const f of FARMS) {
    const city = await findCity(tx, f.city, f.state);
    const [farm] = await tx.insert(farms).values({ user_id: ctx.userId, name: f.name, city_id: city?.city_id ?? null, ...audit }).returning();
    await share(tx, 'farms', farm.farm_id, [ctx.workspaceId]);
    farmIds.push(farm.farm_id);
    const rows = f.plots.map((ha, i) => {
      const boundary = city?.lat != null && city.lon != null ? rectangle(city.lat, city.lon, ha, i) : null;
      return { farm_id: farm.farm_id, name: `Lote ${i + 1}`, hectares: ha, boundary, boundary_hectares: boundary ? geometryHectares(boundary) : null, ...audit };
    });
    plots.push((await tx.insert(fields).values(rows).returning()).map((r) => ({ field_id: r.field_id, hectares: Number(r.hectares) })));
  }

  const [s2425, s2526] = await tx
    .insert(seasons)
    .values([{ workspace_id: ctx.workspaceId, name: '2024/25', ...audit }, { workspace_id: ctx.workspaceId, name: '2025/26', ...audit }])
    .returning();
  const plan = async (season_id: number, company_id: number, farm: number) => {
    const [row] = await tx.insert(seasonPlans).values({ workspace_id: ctx.workspaceId, season_id, company_id, farm_id: farmIds[farm], ...audit }).returning();
    return row.season_plan_id;
  };
  // crop per plot index: [crop, sequence]; trigo/soja de segunda share the plot
  type Assign = [number, keyof typeof CROP, keyof typeof SEQ];
  const sow = async (season_plan_id: number, farm: number, assigns: Assign[]) => {
    await tx.insert(fieldCrops).values(
      assigns.map(([i, crop, seq]) => ({ season_plan_id, field_id: plots[farm][i].field_id, crop_id: CROP[crop], crop_sequence_id: SEQ[seq], hectares: plots[farm][i].hectares, ...audit })),
    );
  };

  const p1 = await plan(s2425.season_id, alamos, 0);
  await sow(p1, 0, [[0, 'soja', 'primera'], [1, 'soja', 'primera'], [2, 'maiz', 'primera'], [3, 'trigo', 'primera'], [3, 'soja', 'segunda'], [4, 'girasol', 'primera'], [5, 'maiz', 'primera']]);
  const p2 = await plan(s2425.season_id, alamos, 1);
  await sow(p2, 1, [[0, 'maiz', 'primera'], [1, 'soja', 'primera'], [2, 'soja', 'primera'], [3, 'trigo', 'primera'], [3, 'soja', 'segunda']]);
  const p3 = await plan(s2526.season_id, alamos, 0);
  await sow(p3, 0, [[0, 'maiz', 'primera'], [1, 'trigo', 'primera'], [1, 'soja', 'segunda'], [2, 'soja', 'primera'], [3, 'soja', 'primera'], [4, 'girasol', 'primera'], [6, 'trigo', 'primera'], [6, 'soja', 'segunda'], [7, 'soja', 'primera']]);
  const p4 = await plan(s2526.season_id, alamos, 1);
  await sow(p4, 1, [[0, 'soja', 'primera'], [1, 'maiz', 'primera'], [3, 'soja', 'primera'], [4, 'trigo', 'primera'], [4, 'soja', 'segunda'], [6, 'girasol', 'primera']]);
  const p5 = await plan(s2526.season_id, convenio, 2);
  await sow(p5, 2, [[0, 'soja', 'primera'], [1, 'maiz', 'primera'], [2, 'trigo', 'primera'], [2, 'soja', 'segunda'], [3, 'soja', 'primera'], [5, 'maiz', 'primera'], [7, 'girasol', 'primera']]);
}
