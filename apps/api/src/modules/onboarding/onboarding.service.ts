import { asc, desc, eq, sql } from 'drizzle-orm';
import { ADDON_ID, CAPACITY_MSG, ONBOARDING_MSG, PLAN, type OnboardingData, type OnboardingResult } from '@fm/domain';
import type { Executor } from '../../db/client';
import { users, workspaces } from '../../db/schema/index';
import { conflict } from '../../http/errors';
import type { ResourceScope } from '../../http/resource-scope';
import { createCompany, createFarm } from '../land/index';
import { createFieldCrops, createSeason, createSeasonPlan, findSeasonByName } from '../seasons/index';
import { assertCapacity, setPlan } from '../plans/index';
import { notify } from '../notifications/index';

/** The workspace onboarding writes into: the requested one when the user owns it, else the user's first own workspace. */
async function targetWorkspace(db: Executor, userId: number, requested: number | null): Promise<number | undefined> {
  const isRequested = sql<boolean>`(${workspaces.workspace_id} = ${requested ?? 0})`;
  const [own] = await db
    .select({ id: workspaces.workspace_id })
    .from(workspaces)
    .where(eq(workspaces.user_id, userId))
    .orderBy(desc(isRequested), asc(workspaces.workspace_id))
    .limit(1);
  return own?.id;
}

/**
 * Onboarding finish (spec doc 1 §2.11, §3): in the request's workspace when the user owns it (else the user's
 * first own workspace) creates, in one transaction,
 * the season (reused when the name exists), the company, the farm with its locality and the plot, the season plan
 * and the plot's crop; starts the 15-day PRO trial and marks onboarding_completed. Refused once completed.
 * The land and seasons functions run on our transaction (theirs become savepoints), so a failure anywhere
 * leaves nothing behind.
 */
export async function finishOnboarding(db: Executor, userId: number, requestedWorkspace: number | null, body: OnboardingData): Promise<OnboardingResult> {
  const result = await db.transaction(async (tx) => {
    const [user] = await tx.select({ done: users.onboarding_completed }).from(users).where(eq(users.user_id, userId)).for('update');
    if (!user || user.done) throw conflict(ONBOARDING_MSG.already);
    const workspaceId = await targetWorkspace(tx, userId, requestedWorkspace);
    if (!workspaceId) throw conflict('No tenés un espacio de trabajo propio');
    const scope: ResourceScope = { kind: 'workspace', workspaceId, ownerId: userId };

    const plan = await setPlan(tx, userId, PLAN.TRIAL);
    await assertCapacity(tx, userId, ADDON_ID.COMPANIES, CAPACITY_MSG.companies);

    const existing = await findSeasonByName(tx, workspaceId, body.season);
    const seasonId = existing?.season_id ?? (await createSeason(tx, workspaceId, userId, { name: body.season, active: true })).season_id;
    const company = await createCompany(tx, scope, userId, { name: body.company, tax_identifier: body.tax_identifier, company_type_id: 1 });
    const farm = await createFarm(tx, scope, userId, { name: body.farm, city_id: body.city_id, fields: [{ name: body.field, hectares: body.hectares }] });
    const field = farm.fields?.[0];
    if (!field) throw conflict(ONBOARDING_MSG.error);
    const seasonPlanId = await createSeasonPlan(tx, workspaceId, userId, { season_id: seasonId, company_id: company.company_id, farm_id: farm.farm_id });
    const [fieldCropId] = await createFieldCrops(
      tx,
      workspaceId,
      userId,
      [{ season_plan_id: seasonPlanId, field_id: field.field_id, crop_id: body.crop_id, crop_sequence_id: 0, hectares: body.hectares }],
      [],
    );
    await tx.update(users).set({ onboarding_completed: true, signup_completed: true, updated_at: new Date() }).where(eq(users.user_id, userId));
    return {
      workspace_id: workspaceId,
      season_id: seasonId,
      company_id: company.company_id,
      farm_id: farm.farm_id,
      field_id: field.field_id,
      season_plan_id: seasonPlanId,
      field_crop_id: fieldCropId,
      plan: { plan_id: plan.plan_id, end_date: plan.end_date, days_left: plan.days_left },
    };
  });
  await notify(db, userId, {
    title: '¡Comenzó tu prueba PRO!',
    body: 'Tenés 15 días para usar todos los módulos. Empezá por tu plan de siembra.',
    web: '/plan-de-siembra',
  });
  return result;
}
