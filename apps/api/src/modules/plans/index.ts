import type { FastifyInstance } from 'fastify';

// What other modules may call (listed before the routes: a module that imports plans while plans is still
// loading finds these already evaluated, e.g. registerUsageCounter at another module's top level).
export {
  addonsOf,
  assertCapacity,
  hasAddon,
  planAndAddonsFrom,
  planColumns,
  planInfo,
  planOf,
  registerUsageCounter,
  renewTrial,
  setAddonQuantity,
  setPlan,
  type AddonInfo,
  type PlanInfo,
  type UsageCounter,
} from './plans.service';
export { seedPlansDemo } from './plans.demo';

import { plansRoutes } from './plans.routes';
import { plansDevRoutes } from './dev.routes';

/** Plans and add-ons: GET users/plan, GET subscriptions/renew-trial, POST emails/subscription/notification. */
export async function plansModule(app: FastifyInstance) {
  await app.register(plansRoutes);
  await app.register(plansDevRoutes);
}
