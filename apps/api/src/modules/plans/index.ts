import type { FastifyInstance } from 'fastify';
import { plansRoutes } from './plans.routes';
import { plansDevRoutes } from './dev.routes';

/** Plans and add-ons: GET users/plan, GET subscriptions/renew-trial, POST emails/subscription/notification. */
export async function plansModule(app: FastifyInstance) {
  await app.register(plansRoutes);
  await app.register(plansDevRoutes);
}
