import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONTRIBUTION_MSG, ContributionsBody, WORK_ORDER_MSG, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { requireWorkspace } from '../../http/guard';
import { deleteContribution, saveContributions } from './contributions.service';

// The route lives under costs/ but the screen belongs to the order (contract): module work_orders, action update.
const perm = { permission: { module: 'work_orders' as const, action: 'update' as const }, feature: 'work_orders' as const };
const id = z.coerce.number().int().positive().max(2_147_483_647);

/** Partner contributions of an agreement company's work order (spec doc 2 §5, §7 "Costs"; issue 10 item 6). */
export async function contributionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['work-orders'];
  const actor = (request: Parameters<typeof requireAuth>[0]) => ({ workspaceId: requireWorkspace(request).workspace_id, userId: requireAuth(request).user_id });

  app.post(
    '/costs/work-orders/contributions',
    {
      config: perm,
      schema: {
        tags,
        summary: 'Guarda, edita y elimina los aportes de labor e insumos de una orden en una sola transacción',
        description:
          "Body {labor_contributions:{save,update,destroy}, supply_contributions:{save,update,destroy}}. Solo empresas convenio (422 'Aportes no disponible para esta compania'); aporte y tipo de cambio > 0; cada socio de la empresa; cada insumo de la orden. data[0]: la orden con sus aportes y totales.",
        querystring: WorkspaceQuery.extend({ work_order_id: id }),
        body: ContributionsBody,
      },
    },
    async (request) => {
      const order = await saveContributions(app.db, actor(request), request.query.work_order_id, request.body);
      return ok(order, { message: WORK_ORDER_MSG.contributionSaved });
    },
  );

  app.delete(
    '/costs/work-orders/contributions',
    {
      config: perm,
      schema: {
        tags,
        summary: 'Elimina un aporte (labor_contribution_id o supply_contribution_id)',
        querystring: WorkspaceQuery.extend({ labor_contribution_id: id.optional(), supply_contribution_id: id.optional() }),
      },
    },
    async (request) => {
      const { labor_contribution_id: laborId, supply_contribution_id: supplyId } = request.query;
      if ((laborId === undefined) === (supplyId === undefined)) throw badRequest(CONTRIBUTION_MSG.idRequired);
      await deleteContribution(app.db, actor(request), laborId !== undefined ? 'labor' : 'supply', (laborId ?? supplyId) as number);
      return ok([], { message: WORK_ORDER_MSG.contributionDeleted });
    },
  );
}
