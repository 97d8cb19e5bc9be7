import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WORK_ORDER_MSG, WorkspaceQuery } from '@fm/domain';
import { notFound } from '../../../http/errors';
import { requireWorkspace } from '../../../http/guard';
import { defineParseTask, ParsePool } from '../../../workers/parse-pool';
import { loadWorkOrder } from '../work-orders.load';

/** Laid out off the request thread: pdfkit takes ~4 ms of CPU an order, and ten at once held every request behind them. */
const pdfTask = defineParseTask<Uint8Array>({
  name: 'work-orders.pdf',
  module: new URL('./work-order-pdf.ts', import.meta.url),
  exportName: 'renderWorkOrderPdfTask',
  maxInputBytes: 16 * 1024 * 1024,
  timeoutMs: 30_000,
});
/** Its own worker, apart from the uploads' pool: PDFs queue behind PDFs only, and a busy moment queues instead of refusing. */
const renderPool = new ParsePool({ size: 1, maxQueue: 200, memoryMb: 256, idleMs: 60_000 });

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
      const bytes = await renderPool.run(pdfTask, Buffer.from(JSON.stringify({ order, now: new Date().toISOString() })));
      const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="OT_${id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
