import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PLAN_NAMES, SUBSCRIPTION_MSG, SUBSCRIPTION_REQUEST_TYPES, subscriptionRequestMessage } from '@fm/domain';
import { addonRequests } from '../../db/schema/index';
import { requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { unauthorized } from '../../http/errors';
import { findUserById } from '../users/index';
import { planInfo, planOf, renewTrial } from './plans.service';

const REQUEST_LABELS: Record<(typeof SUBSCRIPTION_REQUEST_TYPES)[number], string> = {
  users: 'adicional Usuarios',
  companies: 'adicional Empresas',
  reports: 'adicional Reportes',
  recipes: 'adicional Recetas',
  addon: 'adicionales',
  plan: 'cambio de plan',
  demo: 'demo del producto',
};

export async function plansRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/users/plan',
    { config: { auth: 'user', feature: 'home' }, schema: { tags: ['plans'], summary: 'Plan, días restantes, adicionales (hectáreas aparte) y permisos de reportes' } },
    async (request) => ok(await planInfo(app.db, requireAuth(request).user_id)),
  );

  app.get(
    '/subscriptions/renew-trial',
    {
      config: { auth: 'user', feature: 'home' },
      schema: {
        tags: ['plans'],
        summary: 'Extiende una prueba PRO que finalizó por 15 días desde hoy, a lo sumo TRIAL_RENEWALS_MAX veces por cuenta',
        description:
          'Solo con el plan 3 (prueba) vencido y menos de TRIAL_RENEWALS_MAX extensiones (por defecto 1, contadas en la base). Si no, 409 con el motivo: plan PRO activo, sin prueba, prueba todavía vigente, o extensiones agotadas.',
      },
    },
    async (request) => {
      const plan = await renewTrial(app.db, requireAuth(request).user_id, app.config.TRIAL_RENEWALS_MAX);
      return ok({ plan_id: plan.plan_id, end_date: plan.end_date, days_left: plan.days_left }, { message: SUBSCRIPTION_MSG.renewed });
    },
  );

  app.post(
    '/emails/subscription/notification',
    {
      config: { auth: 'user', feature: 'home', rateLimit: { max: 20, timeWindow: 60 * 60 * 1000 } },
      schema: {
        tags: ['plans'],
        summary: 'Registra un pedido de adicional, plan o demo y avisa a ventas por e-mail',
        querystring: z.object({
          type: z.enum(SUBSCRIPTION_REQUEST_TYPES, { error: SUBSCRIPTION_MSG.typeInvalid }).default('addon'),
          workspace_id: z.coerce.number().int().positive().optional(),
          workspace: z.string().max(10).optional(),
        }),
        body: z.object({}).passthrough().nullish(),
      },
    },
    async (request) => {
      const userId = requireAuth(request).user_id;
      const { type } = request.query;
      const user = await findUserById(app.db, userId);
      if (!user) throw unauthorized();
      const [row] = await app.db.insert(addonRequests).values({ user_id: userId, type }).returning();
      const plan = await planOf(app.db, userId);
      const who = `${user.name} ${user.last_name}`.trim();
      const text = [
        `Nuevo pedido de ${REQUEST_LABELS[type]} (#${row.addon_request_id}).`,
        '',
        `Usuario: ${who} <${user.email}>`,
        `Teléfono: ${user.phone ?? 'sin teléfono'}`,
        `Ocupación: ${user.occupation ?? 'sin dato'}`,
        `Plan actual: ${PLAN_NAMES[plan.plan_id] ?? plan.plan_id}${plan.end_date ? ` (vence ${plan.end_date.slice(0, 10)})` : ''}`,
        `Fecha: ${row.created_at.toISOString()}`,
      ].join('\n');
      await app.mailer.send({ to: app.config.SALES_EMAIL, subject: `Pedido de ${REQUEST_LABELS[type]}: ${who || user.email}`, text });
      return ok({ success: true, addon_request_id: row.addon_request_id, type }, { message: subscriptionRequestMessage(type) });
    },
  );
}
