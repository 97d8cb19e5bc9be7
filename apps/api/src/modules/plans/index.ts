import type { FastifyInstance } from 'fastify';
import { plansRoutes } from './plans.routes';
import { plansDevRoutes } from './dev.routes';

/** What other modules may call: the account's plan, add-on capacity and the usage counters modules register. */
export {
  addonsOf,
  assertCapacity,
  planOf,
  registerUsageCounter,
  setAddonQuantity,
  setPlan,
  type AddonInfo,
  type PlanInfo,
  type UsageCounter,
} from './plans.service';
export { seedPlansDemo } from './plans.demo';

/** Plans and add-ons: GET users/plan, GET subscriptions/renew-trial, POST emails/subscription/notification. */
export async function plansModule(app: FastifyInstance) {
  await app.register(plansRoutes);
  await app.register(plansDevRoutes);
}
