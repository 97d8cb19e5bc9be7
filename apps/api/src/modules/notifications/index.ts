import type { FastifyInstance } from 'fastify';
import { notificationsRoutes } from './notifications.routes';
import { startTrialJob } from './trial-job';

/** What other modules may call: notify() is the one way to notify a user. */
export { notify, type NotifyInput } from './notify';

/** In-app notifications (GET/POST notifications/web) and the hourly trial-notice job. */
export async function notificationsModule(app: FastifyInstance) {
  await app.register(notificationsRoutes);
  startTrialJob(app);
}
