import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WORK_ORDER_MSG, WorkspaceQuery } from '@fm/domain';
import { notFound } from '../../../http/errors';
import { requireWorkspace } from '../../../http/guard';
import { loadWorkOrder } from '../work-orders.load';
import { renderWorkOrderPdf } from './work-order-pdf';

/** GET work-orders/pdf?work_order_id= (spec doc 2 §7 "Work orders"): the printable order, saved as OT_{id}.pdf. */
export async function workOrderPdfRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/work-orders/pdf',
    {
      config: { permission: { module: 'work_orders', action: 'read' }, feature: 'work_orders' },
      schema: {
        tags: ['work-orders'],
        summary: 'PDF imprimible de la orden de trabajo (application/pdf, OT_{id}.pdf)',
        querystring: WorkspaceQuery.extend({ work_order_id: z.coerce.number().int().positive().max(2_147_483_647) }),
      },
    },
    async (request, reply) => {
      const id = request.query.work_order_id;
      const order = await loadWorkOrder(app.db, requireWorkspace(request).workspace_id, id);
      if (!order) throw notFound(WORK_ORDER_MSG.notFound);
      const pdf = await renderWorkOrderPdf(order);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="OT_${id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
