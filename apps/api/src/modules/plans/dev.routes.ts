import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PLAN } from '@fm/domain';
import { users } from '../../db/schema/index';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { notify } from '../notifications/index';
import { setPlan } from './plans.service';

const PLAN_BY_NAME = { free: PLAN.FREE, pro: PLAN.PRO, trial: PLAN.TRIAL } as const;

/**
 * Development helpers next to the dev outbox (only with FM_DEV_TOOLS=true; not registered otherwise):
 * put an account in a plan state (an expired trial: plan=trial&days=-1) and fill its bell with notifications,
 * to try the trial-expired shell and the 99+ badge locally and in the end-to-end specs.
 */
export async function plansDevRoutes(fastify: FastifyInstance) {
  if (fastify.config.FM_DEV_TOOLS !== 'true') return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const userIdOf = async (email: string) => {
    const [u] = await app.db.select({ id: users.user_id }).from(users).where(eq(users.email, email.toLowerCase()));
    if (!u) throw notFound('Usuario no encontrado');
    return u.id;
  };

  app.post(
    '/dev/plan',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Cambia el plan de una cuenta (solo desarrollo)',
        querystring: z.object({ email: z.string().email().max(254), plan: z.enum(['free', 'pro', 'trial']), days: z.coerce.number().int().min(-365).max(3650).optional() }),
      },
    },
    async (request) => {
      const q = request.query;
      return ok(await setPlan(app.db, await userIdOf(q.email), PLAN_BY_NAME[q.plan], q.days));
    },
  );

  app.post(
    '/dev/notifications',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Crea notificaciones de prueba para una cuenta (solo desarrollo)',
        querystring: z.object({ email: z.string().email().max(254), count: z.coerce.number().int().min(1).max(500).default(1), web: z.string().max(200).optional() }),
      },
    },
    async (request) => {
      const q = request.query;
      const userId = await userIdOf(q.email);
      for (let i = 1; i <= q.count; i++) {
        await notify(app.db, userId, { title: `Aviso de prueba ${i}`, body: `Notificación de prueba número ${i}.`, web: q.web });
      }
      return ok({ created: q.count });
    },
  );
}
