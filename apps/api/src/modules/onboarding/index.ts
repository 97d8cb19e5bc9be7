import type { FastifyInstance } from 'fastify';
import { onboardingRoutes } from './onboarding.routes';

/** POST users/onboarding (uses the land and seasons services inside one transaction). */
export async function onboardingModule(app: FastifyInstance) {
  await app.register(onboardingRoutes);
}
