import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OnboardingBody, ONBOARDING_MSG, WorkspaceQuery } from '@fm/domain';
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
        description: 'Escribe en el espacio de trabajo del pedido (workspace_id, si no el del token) cuando es propio; si no, en el primer espacio propio.',
        querystring: WorkspaceQuery,
        body: OnboardingBody,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      // the workspace of the request: ?workspace_id (the guard checked membership), else the token's
      const requested = request.workspace?.workspace_id ?? auth.workspace_id;
      const result = await finishOnboarding(app.db, auth.user_id, requested, request.body);
      return reply.code(201).send(created(result, ONBOARDING_MSG.done));
    },
  );
}
