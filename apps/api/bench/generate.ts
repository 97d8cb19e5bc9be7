import { performance } from 'node:perf_hooks';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { MODULES, PLAN } from '@fm/domain';
import type { Db } from '../src/db/client';
import {
  agreementPartners,
  cities,
  companies,
  crops,
  farms,
  fieldCrops,
  fields,
  seasonPlans,
  seasons,
  states,
  users,
  workspacePermissions,
  workspaces,
  workspaceUsers,
} from '../src/db/schema/index';
import { hashPassword } from '../src/modules/users/passwords';
import { campaignNames, createRng, cuit, farmName, firmName, personName, plotBoundary, plotName, type Rng } from './fake';
import { DEFAULT_SCALE, insertRows, shareAll, step, type BenchScale, type GenContext, type TableReport } from './generate-core';
import { generateMasterData } from './generate-master-data';
import { generateInventory } from './generate-inventory';
import { generateWorkOrders } from './generate-work-orders';
import { generateGrains } from './generate-grains';

export { DEFAULT_SCALE, scaleBy, type BenchScale, type GenContext, type TableReport } from './generate-core';

export const BENCH_OWNER_EMAIL = 'bench.owner@bench.local';
/** Every generated user's password (the sign-in endpoint uses the owner's). */
export const BENCH_PASSWORD = 'bench1234';

/** The bench account: an owner on the Pro plan with one workspace. */
export async function createOwner(db: Db, rng: Rng, scale: BenchScale, passwordHash: string): Promise<GenContext> {
  const who = personName(rng);
  const [owner] = await db
    .insert(users)
    .values({
      email: BENCH_OWNER_EMAIL,
      password_hash: passwordHash,
      ...who,
      email_validated_at: new Date(),
      plan_id: PLAN.PRO,
      plan_end_date: new Date(Date.now() + 365 * 86_400_000),
      onboarding_completed: true,
    })
    .returning();
  const [ws] = await db.insert(workspaces).values({ name: `Campo ${who.last_name}`, user_id: owner.user_id }).returning();
  await db.update(users).set({ last_workspace_id: ws.workspace_id }).where(eq(users.user_id, owner.user_id));
  return {
    db,
    rng,
    scale,
    ownerId: owner.user_id,
    workspaceId: ws.workspace_id,
    memberIds: [],
    companyIds: [],
    farms: [],
    plotsByFarm: new Map(),
    seasons: [],
    plans: [],
    report: [{ table: 'users (owner) + workspaces', rows: 2, ms: 0 }],
  };
}

/** Users shared into the workspace with a permission row per module (read always, writes for some). */
export async function generateMembers(ctx: GenContext, passwordHash: string): Promise<void> {
  const { rng } = ctx;
  await step(ctx, 'users', async () => {
    const rows = Array.from({ length: ctx.scale.members }, (_, i) => {
      const who = personName(rng);
      const email = `${who.name}.${who.last_name}.${i + 1}@bench.local`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
      return { email, password_hash: passwordHash, ...who, email_validated_at: new Date(), last_workspace_id: ctx.workspaceId };
    });
    ctx.memberIds = await insertRows(ctx.db, users, rows, (u) => u.user_id);
    return rows.length;
  });
  await step(ctx, 'workspace_users', async () => {
    await insertRows(ctx.db, workspaceUsers, ctx.memberIds.map((user_id) => ({ workspace_id: ctx.workspaceId, user_id, role_id: rng.int(1, 3) })));
    return ctx.memberIds.length;
  });
  await step(ctx, 'workspace_permissions', async () => {
    const rows = ctx.memberIds.flatMap((user_id) => {
      const writer = rng.chance(0.4);
      return MODULES.map((module) => ({ workspace_id: ctx.workspaceId, user_id, module, read: true, update: writer, create: writer, delete: writer && rng.chance(0.5) }));
    });
    await insertRows(ctx.db, workspacePermissions, rows);
    return rows.length;
  });
}

/** Companies of the account (persons with CUIT 20/27, firms 30/33), some agreements with partners; shared into the workspace. */
export async function generateCompanies(ctx: GenContext): Promise<void> {
  const { rng, scale } = ctx;
  await step(ctx, 'companies', async () => {
    const rows = Array.from({ length: scale.companies }, (_, i) => {
      const agreement = i < scale.agreements;
      const person = !agreement && rng.chance(0.35);
      const name = agreement ? `Convenio ${rng.pick(['Pool', 'Siembra', 'Aparcería'] as const)} ${i + 1}` : person ? `${personName(rng).name} ${personName(rng).last_name}` : firmName(rng);
      return {
        user_id: ctx.ownerId,
        name,
        tax_identifier: cuit(rng, person ? 'person' : 'firm'),
        active: rng.chance(0.93),
        company_type_id: agreement ? 2 : 1,
        created_by: ctx.ownerId,
      };
    });
    ctx.companyIds = await insertRows(ctx.db, companies, rows, (c) => c.company_id);
    return rows.length;
  });
  await step(ctx, 'agreement_partners', async () => {
    const plain = ctx.companyIds.slice(scale.agreements);
    const rows = ctx.companyIds.slice(0, scale.agreements).flatMap((company_id) => {
      const partners = new Set<number>();
      const n = rng.int(2, 3);
      while (partners.size < Math.min(n, plain.length)) partners.add(rng.pick(plain));
      const share = Number((100 / partners.size).toFixed(2));
      return [...partners].map((partner_id) => ({ company_id, partner_id, contribution: share }));
    });
    await insertRows(ctx.db, agreementPartners, rows);
    return rows.length;
  });
  await step(ctx, 'workspace_entities (companies)', () => shareAll(ctx, 'companies', ctx.companyIds));
}

/** Farms in the agricultural provinces (localities of Buenos Aires, Córdoba, Santa Fe, Entre Ríos, La Pampa). */
export async function generateFarms(ctx: GenContext): Promise<void> {
  const { rng } = ctx;
  const provinceRows = await ctx.db
    .select({ state_id: states.state_id })
    .from(states)
    .where(inArray(states.name, ['Buenos Aires', 'Córdoba', 'Santa Fe', 'Entre Ríos', 'La Pampa']));
  const ids = provinceRows.map((s) => s.state_id);
  const localities = ids.length
    ? await ctx.db
        .select({ city_id: cities.city_id, lat: cities.lat, lon: cities.lon })
        .from(cities)
        .where(inArray(cities.state_id, ids))
        .orderBy(asc(cities.city_id))
    : [];
  await step(ctx, 'farms', async () => {
    const located = Array.from({ length: ctx.scale.farms }, () => {
      const city = localities.length ? rng.pick(localities) : undefined;
      return { city, row: { user_id: ctx.ownerId, name: farmName(rng), active: rng.chance(0.95), city_id: city?.city_id ?? null, created_by: ctx.ownerId } };
    });
    const farmIds = await insertRows(ctx.db, farms, located.map((l) => l.row), (f) => f.farm_id);
    ctx.farms = farmIds.map((farm_id, i) => ({ farm_id, lat: located[i].city?.lat ?? -33.5, lon: located[i].city?.lon ?? -61.5 }));
    return farmIds.length;
  });
  await step(ctx, 'workspace_entities (farms)', () => shareAll(ctx, 'farms', ctx.farms.map((f) => f.farm_id)));
}

/** Plots of 20-300 ha, most with a GeoJSON boundary; a few soft-deleted. */
export async function generateFields(ctx: GenContext): Promise<void> {
  const { rng, scale } = ctx;
  await step(ctx, 'fields', async () => {
    const rows = ctx.farms.flatMap((farm) => {
      const n = rng.int(scale.plotsPerFarm[0], scale.plotsPerFarm[1]);
      return Array.from({ length: n }, (_, i) => {
        const hectares = rng.decimal(20, 300, 2);
        const boundary = rng.chance(0.7) ? plotBoundary(rng, farm.lat, farm.lon, hectares) : null;
        const deleted = rng.chance(0.02);
        return {
          farm_id: farm.farm_id,
          name: plotName(rng, i + 1),
          hectares,
          boundary,
          boundary_hectares: boundary ? Number((hectares * rng.decimal(0.97, 1.03, 4)).toFixed(2)) : null,
          active: !deleted,
          deleted_at: deleted ? new Date(Date.now() - rng.int(1, 900) * 86_400_000) : null,
          created_by: ctx.ownerId,
        };
      });
    });
    const inserted = await insertRows(ctx.db, fields, rows, (f) => ({ field_id: f.field_id, farm_id: f.farm_id, hectares: f.hectares, live: f.deleted_at === null }));
    for (const f of inserted) {
      if (!f.live) continue;
      const list = ctx.plotsByFarm.get(f.farm_id) ?? [];
      list.push({ field_id: f.field_id, hectares: f.hectares });
      ctx.plotsByFarm.set(f.farm_id, list);
    }
    return rows.length;
  });
}

/** Campaigns 2000/01 .. 2025/26; only the last three are active. */
export async function generateSeasons(ctx: GenContext): Promise<void> {
  await step(ctx, 'seasons', async () => {
    const names = campaignNames(ctx.scale.seasonsFrom, ctx.scale.seasonsTo);
    const rows = names.map((name, i) => ({ workspace_id: ctx.workspaceId, name, active: i >= names.length - 3, created_by: ctx.ownerId }));
    const ids = await insertRows(ctx.db, seasons, rows, (s) => s.season_id);
    ctx.seasons = ids.map((season_id, index) => ({ season_id, index }));
    return rows.length;
  });
}

/** One plan per (season, company, farm) for a growing share of farms; each farm has a main company, sometimes a second. */
export async function generateSeasonPlans(ctx: GenContext): Promise<void> {
  const { rng, scale } = ctx;
  const plain = ctx.companyIds.slice(scale.agreements);
  const operators = ctx.farms.map((f) => ({ farm_id: f.farm_id, main: rng.pick(ctx.companyIds), other: rng.chance(0.25) ? rng.pick(plain.length ? plain : ctx.companyIds) : undefined }));
  await step(ctx, 'season_plans', async () => {
    const last = Math.max(1, ctx.seasons.length - 1);
    const rows = ctx.seasons.flatMap((s) => {
      const share = scale.oldestSeasonFarmShare + ((1 - scale.oldestSeasonFarmShare) * s.index) / last;
      return operators
        .filter(() => rng.chance(share))
        .flatMap((o) => {
          const companyIds = o.other !== undefined && o.other !== o.main && rng.chance(0.5) ? [o.main, o.other] : [o.main];
          return companyIds.map((company_id) => ({ workspace_id: ctx.workspaceId, season_id: s.season_id, company_id, farm_id: o.farm_id, created_by: ctx.ownerId }));
        });
    });
    ctx.plans = await insertRows(ctx.db, seasonPlans, rows, (p) => ({ season_plan_id: p.season_plan_id, farm_id: p.farm_id }));
    return rows.length;
  });
}

const FIRST_CROPS = [['Soja', 45], ['Maíz', 30], ['Girasol', 8], ['Trigo', 7], ['Sorgo', 4], ['Maní', 3], ['Arroz', 1]] as const;
const SECOND_CROPS = [['Soja', 60], ['Maíz', 15], ['Sorgo', 10], ['Girasol', 5]] as const;
const WINTER_CROPS = [['Trigo', 55], ['Cebada', 25], ['Avena', 12], ['Colza', 8]] as const;
const SEQUENCE = { COVER: 1, FIRST: 2, SECOND: 3 } as const;

/** Every live plot of the plan's farm is sown: a first crop, and for some a winter crop plus a second crop, or a cover crop. */
export async function generateFieldCrops(ctx: GenContext): Promise<void> {
  const { rng, scale } = ctx;
  const cropRows = await ctx.db.select({ crop_id: crops.crop_id, name: crops.name }).from(crops);
  const byName = new Map(cropRows.map((c) => [c.name, c.crop_id]));
  const fallback = cropRows[0]?.crop_id;
  if (fallback === undefined) throw new Error('No crops in the reference data');
  const cropId = (list: readonly (readonly [string, number])[]) => byName.get(rng.weighted(list)) ?? fallback;
  await step(ctx, 'field_crops', async () => {
    const rows: (typeof fieldCrops.$inferInsert)[] = [];
    for (const plan of ctx.plans) {
      for (const plot of ctx.plotsByFarm.get(plan.farm_id) ?? []) {
        const base = { season_plan_id: plan.season_plan_id, field_id: plot.field_id, created_by: ctx.ownerId };
        const deleted = rng.chance(0.01) ? new Date(Date.now() - rng.int(1, 400) * 86_400_000) : null;
        if (rng.chance(scale.secondCropShare)) {
          rows.push({ ...base, crop_id: cropId(WINTER_CROPS), crop_sequence_id: SEQUENCE.FIRST, hectares: plot.hectares, deleted_at: deleted });
          rows.push({ ...base, crop_id: cropId(SECOND_CROPS), crop_sequence_id: SEQUENCE.SECOND, hectares: Number((plot.hectares * rng.decimal(0.8, 1, 3)).toFixed(2)) });
        } else {
          rows.push({ ...base, crop_id: cropId(FIRST_CROPS), crop_sequence_id: SEQUENCE.FIRST, hectares: plot.hectares, deleted_at: deleted });
          if (rng.chance(0.1)) rows.push({ ...base, crop_id: byName.get('Avena') ?? fallback, crop_sequence_id: SEQUENCE.COVER, hectares: plot.hectares });
        }
      }
    }
    await insertRows(ctx.db, fieldCrops, rows);
    return rows.length;
  });
}

export type GenerateOptions = { scale?: BenchScale; seed?: number; log?: (line: string) => void };
export type Generated = { ownerId: number; workspaceId: number; memberIds: number[]; report: TableReport[]; totalMs: number };

/**
 * Fills ONE workspace straight through the database (multi-row INSERTs in transactions, no HTTP).
 * To add a table: write `generateX(ctx)` above (use `step` and `insertRows`) and call it here in dependency order.
 */
export async function generateWorkspace(db: Db, opts: GenerateOptions = {}): Promise<Generated> {
  const t0 = performance.now();
  const rng = createRng(opts.seed ?? 20250701);
  const scale = opts.scale ?? DEFAULT_SCALE;
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const ctx = await createOwner(db, rng, scale, passwordHash);
  const log = opts.log ?? (() => undefined);
  const done = (name: string) => log(`  generated ${name}: ${ctx.report.filter((r) => r.table.startsWith(name)).map((r) => r.rows).join('+')} rows`);
  await generateMembers(ctx, passwordHash);
  done('workspace_permissions');
  await generateCompanies(ctx);
  done('companies');
  await generateFarms(ctx);
  done('farms');
  await generateFields(ctx);
  done('fields');
  await generateSeasons(ctx);
  await generateSeasonPlans(ctx);
  done('season_plans');
  await generateFieldCrops(ctx);
  done('field_crops');
  await generateMasterData(ctx);
  done('providers');
  await generateInventory(ctx);
  done('stock_transactions');
  await generateWorkOrders(ctx);
  done('work_orders');
  await generateGrains(ctx);
  done('grain_movements');
  // as autovacuum would after a bulk load: index-only scans read the visibility map, which only vacuum sets
  await db.execute(sql`vacuum analyze`);
  return { ownerId: ctx.ownerId, workspaceId: ctx.workspaceId, memberIds: ctx.memberIds, report: ctx.report, totalMs: Math.round(performance.now() - t0) };
}
