import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INVENTORY_CATALOGUE_MSG as MSG, ListQuery, SupplyBody, SupplyUpdateBody, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { requireWorkspace } from '../../http/guard';
import { planList } from '../../http/list-query';
import { listSupplies, shapeSupplies, prepareSupplyFilters, supplyList } from './supplies.repo';
import { createSupply, deleteSupply, updateSupply } from './supplies.service';

const perm = (action: 'read' | 'create' | 'update' | 'delete') => ({ permission: { module: 'stock_supplies' as const, action }, feature: 'stock_supplies' as const });
const supplyId = z.coerce.number({ error: 'El parámetro supply_id es obligatorio' }).int().positive('El parámetro supply_id no es válido');
const SupplyIdQuery = WorkspaceQuery.extend({ supply_id: supplyId });
const SupplyListQuery = ListQuery.extend({ supply_id: supplyId.optional(), company_id: z.coerce.number().int().positive().optional() });

/** Listado de insumos (spec doc 2 §2.8, §7 "Inventory"): the starter catalogue plus the workspace's own supplies. */
export async function suppliesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['inventory'];

  app.get(
    '/supplies',
    {
      // the work-order form picks supplies: its users read them without the inventory module
      config: { ...perm('read'), permission: { ...perm('read').permission, alsoFor: ['work_orders'] as const } },
      schema: {
        tags,
        summary: 'Insumos: catálogo inicial y los propios del espacio de trabajo',
        description:
          'filters: name (contains, similar_to), generic.name (contains), supply_id, supply_type_id, crop_id, brand_id, brand.name, own, active; ' +
          'company_id (is / in): insumos con stock de esa empresa (stocks.quantity > 0). También ?supply_id= y ?company_id=. ' +
          'Los selectores piden per_page=10. Sin filtro de active ni supply_id, solo los activos.',
        querystring: SupplyListQuery,
      },
    },
    async (request) => {
      const { workspace_id: workspaceId } = requireWorkspace(request);
      const { filters, companyIds: fromFilters } = prepareSupplyFilters(request.query.filters);
      const q = request.query;
      const companyIds = q.company_id !== undefined ? (fromFilters ?? [q.company_id]).filter((id) => id === q.company_id) : fromFilters;
      const plan = planList({ ...q, filters }, supplyList);
      const includeInactive = q.supply_id !== undefined || /"(supply\.)?(active|supply_id)"/.test(filters ?? '');
      const { data, extra } = await listSupplies(app.db, workspaceId, plan, { companyIds, supplyId: q.supply_id, includeInactive });
      return ok(await shapeSupplies(app.db, workspaceId, data, companyIds), extra);
    },
  );

  app.post(
    '/supplies',
    { config: perm('create'), schema: { tags, summary: 'Crea un insumo propio del espacio de trabajo', querystring: WorkspaceQuery, body: SupplyBody } },
    async (request, reply) => {
      const supply = await createSupply(app.db, requireWorkspace(request).workspace_id, requireAuth(request).user_id, request.body);
      return reply.code(201).send(created(supply, MSG.supplyCreated));
    },
  );

  app.put(
    '/supplies',
    { config: perm('update'), schema: { tags, summary: 'Edita un insumo propio (los del catálogo: 403)', querystring: SupplyIdQuery, body: SupplyUpdateBody } },
    async (request) => ok(await updateSupply(app.db, requireWorkspace(request).workspace_id, requireAuth(request).user_id, request.query.supply_id, request.body), { message: MSG.supplyEdited }),
  );

  app.delete(
    '/supplies',
    { config: perm('delete'), schema: { tags, summary: 'Elimina un insumo propio sin stock (los del catálogo: 403)', querystring: SupplyIdQuery } },
    async (request) => {
      await deleteSupply(app.db, requireWorkspace(request).workspace_id, request.query.supply_id);
      return ok([], { message: MSG.supplyDeleted });
    },
  );
}
