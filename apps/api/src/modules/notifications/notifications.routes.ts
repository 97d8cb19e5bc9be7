import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { listNotifications, markRead, NOTIFICATION_ORDER, unreadCount } from './notifications.repo';

const UNPAGED_LIMIT = 100;

const ListQuery = z.object({
  pagination: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
  unread: z.enum(['true', 'false']).optional(),
  workspace_id: z.coerce.number().int().positive().optional(),
  workspace: z.string().max(10).optional(),
});

export const NOTIFICATION_NOT_FOUND = 'Notificación no encontrada';

/**
 * GET notifications/web: the signed-in user's notifications, newest first. `unread=true` lists only unread;
 * `pagination=true&page&per_page` pages (total/page/per_page in the envelope); without pagination the latest 100
 * (or `per_page`). The envelope always has `unread_count`: the bell asks `?unread=true&per_page=3`.
 * POST notifications/web?notification_id marks one read; another user's id is a 404.
 */
export async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/notifications/web',
    { config: { auth: 'user', feature: 'notifications' }, schema: { tags: ['notifications'], summary: 'Notificaciones del usuario (con unread_count)', querystring: ListQuery } },
    async (request) => {
      const userId = requireAuth(request).user_id;
      const q = request.query;
      const paginated = q.pagination === 'true';
      const page = q.page ?? 1;
      const perPage = q.per_page ?? (paginated ? 10 : UNPAGED_LIMIT);
      const plan = { where: undefined, filters: undefined, shape: { where: undefined, params: {}, key: '' }, orderBy: NOTIFICATION_ORDER, paginated, searches: false, columns: new Set<never>(), page, per_page: perPage, limit: perPage, offset: paginated ? (page - 1) * perPage : 0 };
      const { data: rows, extra } = await listNotifications(app.db, userId, q.unread === 'true', plan);
      const data = rows.map((n) => ({ ...n, datetimecreate: n.datetimecreate.toISOString(), readed: n.readed?.toISOString() ?? null }));
      const body = ok(data, extra);
      return { ...body, unread_count: await unreadCount(app.db, userId) };
    },
  );

  app.post(
    '/notifications/web',
    {
      config: { auth: 'user', feature: 'notifications' },
      schema: {
        tags: ['notifications'],
        summary: 'Marca una notificación propia como leída',
        querystring: z.object({
          notification_id: z.coerce.number({ error: 'El parámetro notification_id es obligatorio' }).int().positive('El parámetro notification_id es obligatorio'),
          user_id: z.coerce.number().int().positive().optional(),
          workspace_id: z.coerce.number().int().positive().optional(),
          workspace: z.string().max(10).optional(),
        }),
        body: z.object({}).passthrough().nullish(),
      },
    },
    async (request) => {
      const userId = requireAuth(request).user_id;
      // user_id is accepted for compatibility with the spec's call, but only the caller's own notifications can be marked
      if (request.query.user_id !== undefined && request.query.user_id !== userId) throw notFound(NOTIFICATION_NOT_FOUND);
      const row = await markRead(app.db, userId, request.query.notification_id);
      if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
      return {
        ...ok({ ...row, datetimecreate: row.datetimecreate.toISOString(), readed: row.readed?.toISOString() ?? null }, { message: 'Notificación leída' }),
        unread_count: await unreadCount(app.db, userId),
      };
    },
  );
}
