import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { seasonPlanLabel, type SeasonPlan } from '@fm/domain';
import type { Executor } from '../../db/client';
import { companies, crops, cropSequences, farms, fieldCrops, fields, seasonPlans, seasons } from '../../db/schema/index';
import { totalCount, type ListPlan, type ListSpec } from '../../http/list-query';
import { partnersOf } from '../land/index';

export const seasonList: ListSpec = {
  resource: 'season',
  fields: {
    season_id: { column: seasons.season_id, type: 'number' },
    name: { column: seasons.name, type: 'string' },
    active: { column: seasons.active, type: 'boolean' },
  },
  defaultOrder: [desc(seasons.name), desc(seasons.season_id)],
};

const planActive = sql<boolean>`(${seasons.active} and ${companies.active} and ${farms.active})`;

export const seasonPlanList: ListSpec = {
  resource: 'season_plan',
  fields: {
    season_plan_id: { column: seasonPlans.season_plan_id, type: 'number' },
    season_id: { column: seasonPlans.season_id, type: 'number' },
    company_id: { column: seasonPlans.company_id, type: 'number' },
    farm_id: { column: seasonPlans.farm_id, type: 'number' },
    active: { column: planActive, type: 'boolean' },
    'season.name': { column: seasons.name, type: 'string' },
    'company.name': { column: companies.name, type: 'string' },
    'farm.name': { column: farms.name, type: 'string' },
  },
  defaultOrder: [desc(seasons.name), asc(companies.name), asc(farms.name), asc(seasonPlans.season_plan_id)],
};

export const fieldCropList: ListSpec = {
  resource: 'field_crop',
  fields: {
    field_crop_id: { column: fieldCrops.field_crop_id, type: 'number' },
    season_plan_id: { column: fieldCrops.season_plan_id, type: 'number' },
    field_id: { column: fieldCrops.field_id, type: 'number' },
    crop_id: { column: fieldCrops.crop_id, type: 'number' },
    crop_sequence_id: { column: fieldCrops.crop_sequence_id, type: 'number' },
    hectares: { column: fieldCrops.hectares, type: 'number' },
    'field.name': { column: fields.name, type: 'string' },
    'field.deleted_at': { column: fields.deleted_at, type: 'date', sortable: false },
    'crop.name': { column: crops.name, type: 'string' },
  },
  defaultOrder: [asc(fields.name), asc(fieldCrops.crop_sequence_id), asc(fieldCrops.field_crop_id)],
};

export type SeasonRow = typeof seasons.$inferSelect;

/** WHERE condition on field crops (also in UPDATE and DELETE): their season plan belongs to the workspace. */
export const planOfWorkspace = (workspaceId: number) =>
  sql`exists (select 1 from ${seasonPlans} where ${seasonPlans.season_plan_id} = ${fieldCrops.season_plan_id} and ${seasonPlans.workspace_id} = ${workspaceId})`;

export async function listSeasonRows(db: Executor, workspaceId: number, plan: ListPlan) {
  return db
    .select({ season_id: seasons.season_id, name: seasons.name, active: seasons.active, _total: totalCount })
    .from(seasons)
    .where(and(eq(seasons.workspace_id, workspaceId), plan.where))
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
}

export async function findSeason(db: Executor, workspaceId: number, seasonId: number): Promise<SeasonRow | undefined> {
  const [row] = await db.select().from(seasons).where(and(eq(seasons.workspace_id, workspaceId), eq(seasons.season_id, seasonId)));
  return row;
}

/** The workspace's season with that name (names are unique per workspace). */
export async function findSeasonByName(db: Executor, workspaceId: number, name: string): Promise<SeasonRow | undefined> {
  const [row] = await db.select().from(seasons).where(and(eq(seasons.workspace_id, workspaceId), eq(seasons.name, name)));
  return row;
}

export async function seasonNameTaken(db: Executor, workspaceId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: seasons.season_id }).from(seasons).where(and(eq(seasons.workspace_id, workspaceId), eq(seasons.name, name)));
  return rows.some((r) => r.id !== exceptId);
}

function planSelect(db: Executor) {
  return db
    .select({
      season_plan_id: seasonPlans.season_plan_id,
      season: { season_id: seasons.season_id, name: seasons.name, active: seasons.active },
      company: { company_id: companies.company_id, name: companies.name, tax_identifier: companies.tax_identifier, active: companies.active, company_type_id: companies.company_type_id },
      farm: { farm_id: farms.farm_id, name: farms.name, active: farms.active },
      _total: totalCount,
    })
    .from(seasonPlans)
    .innerJoin(seasons, eq(seasons.season_id, seasonPlans.season_id))
    .innerJoin(companies, eq(companies.company_id, seasonPlans.company_id))
    .innerJoin(farms, eq(farms.farm_id, seasonPlans.farm_id));
}
type PlanRow = Omit<Awaited<ReturnType<ReturnType<typeof planSelect>['execute']>>[number], '_total'>;

export async function listPlanRows(db: Executor, workspaceId: number, plan: ListPlan, by: { season_id?: number; company_id?: number; farm_id?: number } = {}) {
  return planSelect(db)
    .where(
      and(
        eq(seasonPlans.workspace_id, workspaceId),
        by.season_id ? eq(seasonPlans.season_id, by.season_id) : undefined,
        by.company_id ? eq(seasonPlans.company_id, by.company_id) : undefined,
        by.farm_id ? eq(seasonPlans.farm_id, by.farm_id) : undefined,
        plan.where,
      ),
    ).orderBy(...plan.orderBy).limit(plan.limit).offset(plan.offset);
}

export async function findPlanRow(db: Executor, workspaceId: number, seasonPlanId: number): Promise<PlanRow | undefined> {
  const [row] = await planSelect(db).where(and(eq(seasonPlans.workspace_id, workspaceId), eq(seasonPlans.season_plan_id, seasonPlanId)));
  return row;
}

/** Spec shape of a season plan: active only when season, company and farm are all active; label season - company - farm. */
export async function shapePlans(db: Executor, rows: PlanRow[]): Promise<SeasonPlan[]> {
  const partners = await partnersOf(db, [...new Set(rows.map((r) => r.company.company_id))]);
  return rows.map((r) => ({
    season_plan_id: r.season_plan_id,
    company: {
      company_id: r.company.company_id,
      name: r.company.name,
      tax_identifier: r.company.tax_identifier,
      active: r.company.active,
      is_an_agreement: r.company.company_type_id === 2,
      partners: partners.get(r.company.company_id) ?? [],
    },
    farm: r.farm,
    season: r.season,
    active: r.season.active && r.company.active && r.farm.active,
    label: seasonPlanLabel(r.season.name, r.company.name, r.farm.name),
  }));
}

export async function planLabelsOfSeason(db: Executor, seasonId: number): Promise<string[]> {
  const rows = await planSelect(db).where(eq(seasonPlans.season_id, seasonId)).limit(3);
  return rows.map((r) => seasonPlanLabel(r.season.name, r.company.name, r.farm.name));
}

/** Field crops (not deleted) of season plans of the workspace, with plot, crop and sequence names. */
export async function listFieldCropRows(db: Executor, workspaceId: number, plan: ListPlan, extra: { season_plan_id?: number; ids?: number[] } = {}) {
  return db
    .select({
      field_crop_id: fieldCrops.field_crop_id,
      season_plan_id: fieldCrops.season_plan_id,
      field_id: fieldCrops.field_id,
      field: { field_id: fields.field_id, name: fields.name, hectares: fields.hectares, deleted_at: fields.deleted_at },
      crop_id: fieldCrops.crop_id,
      crop_name: crops.name,
      crop_sequence_id: fieldCrops.crop_sequence_id,
      crop_sequence_name: cropSequences.name,
      hectares: fieldCrops.hectares,
      _total: totalCount,
    })
    .from(fieldCrops)
    .innerJoin(seasonPlans, eq(seasonPlans.season_plan_id, fieldCrops.season_plan_id))
    .innerJoin(fields, eq(fields.field_id, fieldCrops.field_id))
    .innerJoin(crops, eq(crops.crop_id, fieldCrops.crop_id))
    .innerJoin(cropSequences, eq(cropSequences.crop_sequence_id, fieldCrops.crop_sequence_id))
    .where(
      and(
        eq(seasonPlans.workspace_id, workspaceId),
        isNull(fieldCrops.deleted_at),
        extra.season_plan_id ? eq(fieldCrops.season_plan_id, extra.season_plan_id) : undefined,
        extra.ids ? inArray(fieldCrops.field_crop_id, extra.ids) : undefined,
        plan.where,
      ),
    )
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
}

export type FieldCropListRow = Awaited<ReturnType<typeof listFieldCropRows>>[number];

/** Field crop rows as the API answers them (dates as ISO text). */
export function shapeFieldCrop({ _total, ...r }: FieldCropListRow) {
  return { ...r, field: { ...r.field, deleted_at: r.field.deleted_at ? r.field.deleted_at.toISOString() : null } };
}

export async function countPlanFieldCrops(db: Executor, seasonPlanId: number): Promise<string[]> {
  const rows = await db
    .select({ name: fields.name })
    .from(fieldCrops)
    .innerJoin(fields, eq(fields.field_id, fieldCrops.field_id))
    .where(and(eq(fieldCrops.season_plan_id, seasonPlanId), isNull(fieldCrops.deleted_at)))
    .orderBy(asc(fields.name));
  return rows.map((r) => r.name);
}
