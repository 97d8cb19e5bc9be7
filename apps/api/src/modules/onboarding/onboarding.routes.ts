import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OnboardingBody, ONBOARDING_MSG } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created } from '../../http/envelope';
import { finishOnboarding } from './onboarding.service';

export async function onboardingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/users/onboarding',
    {
      config: { auth: 'user', feature: 'home' },
      schema: {
        tags: ['users'],
        summary: 'Fin del onboarding: campaña, empresa, establecimiento, lote, plan de campaña y cultivo en una transacción; inicia la prueba PRO',
        body: OnboardingBody,
      },
    },
    async (request, reply) => {
      const result = await finishOnboarding(app, requireAuth(request).user_id, request.body);
      return reply.code(201).send(created(result, ONBOARDING_MSG.done));
    },
  );
}
