import type { FastifyInstance } from 'fastify';
import { notificationsRoutes } from './notifications.routes';
import { startTrialJob } from './trial-job';

/** In-app notifications (GET/POST notifications/web) and the hourly trial-notice job. Modules call notify() from ./notify. */
export async function notificationsModule(app: FastifyInstance) {
  await app.register(notificationsRoutes);
  startTrialJob(app);
}
