import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PLAN, findAddon } from '@fm/domain';
import { users } from '../../db/schema/index';
import { ok } from '../../http/envelope';
import { AppError, notFound, unauthorized } from '../../http/errors';
import { bearerOf } from '../../http/auth';
import { notify } from '../notifications/index';
import { setAddonQuantity, setPlan } from './plans.service';

const PLAN_BY_NAME = { free: PLAN.FREE, pro: PLAN.PRO, trial: PLAN.TRIAL } as const;
const Email = z.string().email().max(254);

/**
 * Development helpers next to the dev outbox (only with FM_DEV_TOOLS=true; not registered otherwise):
 * put an account in a plan state (an expired trial: plan=trial&days=-1), grant it an add-on (Recetas, a report)
 * and fill its bell with notifications, to try the trial-expired shell, the add-on pages and the 99+ badge
 * locally and in the end-to-end specs. The account is `email`'s, else the caller's (bearer token).
 */
export async function plansDevRoutes(fastify: FastifyInstance) {
  if (fastify.config.FM_DEV_TOOLS !== 'true') return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const userIdOf = async (request: FastifyRequest, email: string | undefined) => {
    if (!email) {
      const token = bearerOf(request);
      const claims = token ? await app.tokens.verify(token) : null;
      if (!claims) throw unauthorized('Indicá email o enviá el token de acceso');
      return claims.user_id;
    }
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
        querystring: z.object({ email: Email.optional(), plan: z.enum(['free', 'pro', 'trial']), days: z.coerce.number().int().min(-365).max(3650).optional() }),
      },
    },
    async (request) => {
      const q = request.query;
      return ok(await setPlan(app.db, await userIdOf(request, q.email), PLAN_BY_NAME[q.plan], q.days));
    },
  );

  app.post(
    '/dev/addon',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Fija la cantidad de un adicional (por nombre o id) de una cuenta (solo desarrollo)',
        querystring: z.object({ email: Email.optional(), addon: z.string().min(1).max(100), quantity: z.coerce.number().int().min(0).max(100_000).default(1) }),
      },
    },
    async (request) => {
      const q = request.query;
      const addon = findAddon(q.addon);
      if (!addon) {
        const msg = `No existe el adicional '${q.addon}'`;
        throw new AppError('VALIDATION', msg, [{ loc: ['querystring', 'addon'], msg }]);
      }
      await setAddonQuantity(app.db, await userIdOf(request, q.email), addon.addon_id, q.quantity);
      return ok({ addon_id: addon.addon_id, name: addon.name, quantity: q.quantity });
    },
  );

  app.post(
    '/dev/notifications',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Crea notificaciones de prueba para una cuenta (solo desarrollo)',
        querystring: z.object({ email: Email.optional(), count: z.coerce.number().int().min(1).max(500).default(1), web: z.string().max(200).optional() }),
      },
    },
    async (request) => {
      const q = request.query;
      const userId = await userIdOf(request, q.email);
      for (let i = 1; i <= q.count; i++) {
        await notify(app.db, userId, { title: `Aviso de prueba ${i}`, body: `Notificación de prueba número ${i}.`, web: q.web });
      }
      return ok({ created: q.count });
    },
  );
}
