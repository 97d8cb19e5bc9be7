import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INVENTORY_CATALOGUE_MSG as MSG, ListQuery, WarehouseBody, WarehouseUpdateBody, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { planList } from '../../http/list-query';
import { resourceScope, ScopeQuery } from '../../http/resource-scope';
import { listWarehouses, shapeWarehouses, warehouseList } from './warehouses.repo';
import { createWarehouse, deleteWarehouse, updateWarehouse } from './warehouses.service';

const perm = (action: 'read' | 'create' | 'update' | 'delete') => ({ permission: { module: 'stock_supplies' as const, action }, feature: 'stock_supplies' as const, ownerOnly: 'scope=account' as const });
const warehouseId = z.coerce.number({ error: 'El parámetro warehouse_id es obligatorio' }).int().positive('El parámetro warehouse_id no es válido');
const WarehouseIdQuery = WorkspaceQuery.extend(ScopeQuery.shape).extend({ warehouse_id: warehouseId });

/** Depósitos (spec doc 2 §2.5, §2.8, §7 "Inventory"): account resources shared into workspaces, module stock_supplies. */
export async function warehousesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['inventory'];

  app.get(
    '/warehouses',
    {
      config: perm('read'),
      schema: {
        tags,
        summary: 'Depósitos visibles en el espacio de trabajo (scope=account: todos los de la cuenta); ?warehouse_id= uno',
        description: 'data: [{warehouse_id, name, workspaces:[{workspace_id,name}], stock_count}]; stock_count cuenta los stocks con cantidad del espacio de trabajo.',
        querystring: ListQuery.extend(ScopeQuery.shape).extend({ warehouse_id: warehouseId.optional() }),
      },
    },
    async (request) => {
      const scope = resourceScope(request, request.query.scope);
      const plan = planList(request.query, warehouseList);
      const { data, extra } = await listWarehouses(app.db, scope, plan, request.query.warehouse_id);
      return ok(await shapeWarehouses(app.db, data), extra);
    },
  );

  app.post(
    '/warehouses',
    { config: perm('create'), schema: { tags, summary: 'Crea un depósito y lo comparte en el espacio de trabajo y en los elegidos de la cuenta', querystring: WorkspaceQuery, body: WarehouseBody } },
    async (request, reply) => {
      const warehouse = await createWarehouse(app.db, resourceScope(request, 'workspace'), requireAuth(request).user_id, request.body);
      return reply.code(201).send(created(warehouse, MSG.warehouseCreated));
    },
  );

  app.put(
    '/warehouses',
    { config: perm('update'), schema: { tags, summary: 'Renombra un depósito o elige sus espacios de trabajo (dueño de la cuenta)', querystring: WarehouseIdQuery, body: WarehouseUpdateBody } },
    async (request) => {
      const scope = resourceScope(request, request.query.scope);
      return ok(await updateWarehouse(app.db, scope, requireAuth(request).user_id, request.query.warehouse_id, request.body), { message: MSG.warehouseEdited });
    },
  );

  app.delete(
    '/warehouses',
    { config: perm('delete'), schema: { tags, summary: 'Elimina un depósito sin stock (409 mientras tenga stock)', querystring: WarehouseIdQuery } },
    async (request) => {
      await deleteWarehouse(app.db, resourceScope(request, request.query.scope), request.query.warehouse_id);
      return ok([], { message: MSG.deleted });
    },
  );
}
