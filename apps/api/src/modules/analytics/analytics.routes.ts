import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AnalyticsBody, ClientErrorBody } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created } from '../../http/envelope';
import { recordClientError, recordEvent } from './analytics.service';

/**
 * POST analytics and POST users/errors: signed-in users only (the store and every screen that reports
 * are behind sign-in), rate-limited per IP; payloads larger than 8 KiB are replaced by a size marker.
 */
export async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limit = { max: 120, timeWindow: 60_000 };

  app.post(
    '/analytics',
    { config: { auth: 'user', feature: 'always', rateLimit: limit }, bodyLimit: 32 * 1024, schema: { tags: ['analytics'], summary: 'Registra un evento de uso', body: AnalyticsBody } },
    async (request, reply) => reply.code(201).send(created(await recordEvent(app.db, requireAuth(request).user_id, request.body))),
  );

  app.post(
    '/users/errors',
    { config: { auth: 'user', feature: 'always', rateLimit: limit }, bodyLimit: 64 * 1024, schema: { tags: ['analytics'], summary: 'Registra un error del cliente', body: ClientErrorBody } },
    async (request, reply) => {
      const row = await recordClientError(app.db, requireAuth(request).user_id, request.body);
      request.log.warn({ client_error_id: row.client_error_id, path: request.body.path, message: request.body.message }, 'client error reported');
      return reply.code(201).send(created(row));
    },
  );
}
