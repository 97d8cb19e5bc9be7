import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FieldCropsBody, FieldCropUpdateBody, LAND_MSG, ListQuery, SeasonBody, SeasonPlanBody, SeasonUpdateBody, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok, sendJsonArray } from '../../http/envelope';
import { requireWorkspace } from '../../http/guard';
import { toggleMessage } from '../land/index';
import { notFound } from '../../http/errors';
import { planList } from '../../http/list-query';
import { plotNameSearch } from './field-crop-search';
import { fieldCropList, findPlanRow, listFieldCropRows, listFieldCrops, listPlans, listSeasons, plansJson, seasonList, seasonPlanList, shapeFieldCrop, shapePlans } from './seasons.repo';
import {
  createFieldCrops,
  createSeason,
  createSeasonPlan,
  deleteFieldCrop,
  deleteSeason,
  deleteSeasonPlan,
  SEASON_PLAN_NOT_FOUND,
  updateFieldCrop,
  updateSeason,
} from './seasons.service';

type Action = 'read' | 'create' | 'update' | 'delete';
const seasonsPerm = (action: Action) => ({ permission: { module: 'seasons' as const, action }, feature: 'seasons' as const });
const plansPerm = (action: Action) => ({ permission: { module: 'seasons_plans' as const, action }, feature: 'sowing_plan' as const });
/** Plans and their plots are read by the work-order form too: members with work orders pick them without the plan module. */
const plansReadForOrders = { permission: { module: 'seasons_plans' as const, action: 'read' as const, alsoFor: ['work_orders'] as const }, feature: 'sowing_plan' as const };
const idQuery = <K extends string>(key: K) => WorkspaceQuery.extend({ [key]: z.coerce.number().int().positive() } as Record<K, z.ZodCoercedNumber<unknown>>);
const PlanListQuery = ListQuery.extend({
  season_id: z.coerce.number().int().positive().optional(),
  company_id: z.coerce.number().int().positive().optional(),
  farm_id: z.coerce.number().int().positive().optional(),
});

/** Seasons (campañas), season plans and field crops (plots sown in a plan) of a workspace. */
export async function seasonsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const actor = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user_id;

  app.get('/seasons', { config: seasonsPerm('read'), schema: { tags: ['seasons'], summary: 'Campañas (filtro active)', querystring: ListQuery } }, async (request) => {
    const plan = planList(request.query, seasonList);
    const { data, extra } = await listSeasons(app.db, requireWorkspace(request).workspace_id, plan);
    return ok(data, extra);
  });

  app.post('/seasons', { config: seasonsPerm('create'), schema: { tags: ['seasons'], summary: 'Crea una campaña (2025/26)', querystring: WorkspaceQuery, body: SeasonBody } }, async (request, reply) =>
    reply.code(201).send(created(await createSeason(app.db, requireWorkspace(request).workspace_id, actor(request), request.body), LAND_MSG.seasonCreated)),
  );

  app.put(
    '/seasons',
    { config: seasonsPerm('update'), schema: { tags: ['seasons'], summary: 'Edita o activa/desactiva una campaña', querystring: idQuery('season_id'), body: SeasonUpdateBody } },
    async (request) =>
      ok(await updateSeason(app.db, requireWorkspace(request).workspace_id, actor(request), request.query.season_id, request.body), {
        message: toggleMessage(request.body, 'Campaña activada', 'Campaña desactivada'),
      }),
  );

  app.delete('/seasons', { config: seasonsPerm('delete'), schema: { tags: ['seasons'], summary: 'Elimina una campaña sin planes', querystring: idQuery('season_id') } }, async (request) => {
    await deleteSeason(app.db, requireWorkspace(request).workspace_id, request.query.season_id);
    return ok([], { message: LAND_MSG.deleted });
  });

  app.get(
    '/seasons/plans',
    { config: plansReadForOrders, schema: { tags: ['seasons'], summary: 'Planes de campaña (campaña - empresa - establecimiento)', querystring: PlanListQuery } },
    async (request, reply) => {
      const q = request.query;
      const plan = planList(q, seasonPlanList);
      const workspaceId = requireWorkspace(request).workspace_id;
      if (!plan.paginated) {
        // the envelope of ok() around the JSON the database built (no parse and re-serialisation of every plan)
        return sendJsonArray(reply, await plansJson(app.db, workspaceId, plan, q));
      }
      const { data, extra } = await listPlans(app.db, workspaceId, plan, q);
      return ok(shapePlans(data), extra);
    },
  );

  app.post(
    '/seasons/plans',
    { config: plansPerm('create'), schema: { tags: ['seasons'], summary: 'Crea un plan de campaña', querystring: WorkspaceQuery, body: SeasonPlanBody } },
    async (request, reply) => {
      const workspaceId = requireWorkspace(request).workspace_id;
      const id = await createSeasonPlan(app.db, workspaceId, actor(request), request.body);
      const row = await findPlanRow(app.db, workspaceId, id);
      if (!row) throw notFound(SEASON_PLAN_NOT_FOUND);
      return reply.code(201).send(created(shapePlans([row]), LAND_MSG.seasonPlanCreated));
    },
  );

  app.delete(
    '/seasons/plans',
    { config: plansPerm('delete'), schema: { tags: ['seasons'], summary: 'Elimina un plan de campaña sin cultivos asignados', querystring: idQuery('season_plan_id') } },
    async (request) => {
      await deleteSeasonPlan(app.db, requireWorkspace(request).workspace_id, request.query.season_plan_id);
      return ok([], { message: LAND_MSG.deleted });
    },
  );

  app.get(
    '/fields/crops',
    {
      config: plansReadForOrders,
      schema: { tags: ['seasons'], summary: 'Lotes sembrados de un plan de campaña (filtros season_plan_id, field.deleted_at)', querystring: ListQuery.extend({ season_plan_id: z.coerce.number().int().positive().optional() }) },
    },
    async (request) => {
      const plan = planList(request.query, fieldCropList);
      const { data, extra } = await listFieldCrops(app.db, requireWorkspace(request).workspace_id, plan, { season_plan_id: request.query.season_plan_id, nameSearch: plotNameSearch(plan.filters) });
      return ok(data, extra);
    },
  );

  app.post(
    '/fields/crops',
    { config: plansPerm('create'), schema: { tags: ['seasons'], summary: 'Asigna cultivo a uno o varios lotes ({field_crops:[...]}) en una transacción', querystring: WorkspaceQuery, body: FieldCropsBody } },
    async (request, reply) => {
      const workspaceId = requireWorkspace(request).workspace_id;
      const body = request.body;
      const [rows, prefix] = 'field_crops' in body ? [body.field_crops, ['field_crops']] : [[body], []];
      const ids = await createFieldCrops(app.db, workspaceId, actor(request), rows, prefix);
      const all = planList({}, fieldCropList);
      const created_ = await listFieldCropRows(app.db, workspaceId, all, { ids });
      return reply.code(201).send(created(created_.map(shapeFieldCrop), LAND_MSG.fieldCropsCreated));
    },
  );

  app.put(
    '/fields/crops',
    { config: plansPerm('update'), schema: { tags: ['seasons'], summary: 'Edita el cultivo de un lote', querystring: idQuery('field_crop_id'), body: FieldCropUpdateBody } },
    async (request) => {
      const workspaceId = requireWorkspace(request).workspace_id;
      await updateFieldCrop(app.db, workspaceId, actor(request), request.query.field_crop_id, request.body);
      const rows = await listFieldCropRows(app.db, workspaceId, planList({}, fieldCropList), { ids: [request.query.field_crop_id] });
      return ok(rows.map(shapeFieldCrop), { message: LAND_MSG.edited });
    },
  );

  app.delete(
    '/fields/crops',
    { config: plansPerm('delete'), schema: { tags: ['seasons'], summary: 'Quita el cultivo de un lote (baja lógica)', querystring: idQuery('field_crop_id') } },
    async (request) => {
      await deleteFieldCrop(app.db, requireWorkspace(request).workspace_id, actor(request), request.query.field_crop_id);
      return ok([], { message: LAND_MSG.deleted });
    },
  );
}
