import type { FastifyInstance } from 'fastify';
import { workOrdersRoutes } from './work-orders.routes';
import { contributionsRoutes } from './contributions.routes';
import { workOrderPdfRoutes } from './pdf/pdf.routes';

/**
 * What other modules may call: the full order shape for the PDF, contributions and recipes (W3's files in this
 * folder import it from here too), and the demo seeder.
 */
export { loadWorkOrder, loadWorkOrder as getWorkOrderForPdf } from './work-orders.load';
export { recordHistory, type HistoryEntry } from './work-orders.history';
export { workOrderPerm } from './work-orders.routes';
export { seedWorkOrdersDemo } from './work-orders.demo';

/** Work orders (module work_orders): list, create, edit, disable/restore, status with stock use, history, prices. */
export async function workOrdersModule(app: FastifyInstance) {
  await app.register(workOrdersRoutes);
  await app.register(workOrderPdfRoutes);
  await app.register(contributionsRoutes);
}
