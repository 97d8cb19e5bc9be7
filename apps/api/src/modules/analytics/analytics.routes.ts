import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AnalyticsBody, ClientErrorBody, MAX_CLIENT_JSON_BYTES } from '@fm/domain';
import { analyticsEvents, clientErrors } from '../../db/schema/index';
import { requireAuth } from '../../http/auth';
import { created } from '../../http/envelope';

/** Keeps a JSON value only when it serialises within the size limit; otherwise a marker with its size. */
export function boundedJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value);
  if (text === undefined) return null;
  return Buffer.byteLength(text) <= MAX_CLIENT_JSON_BYTES ? value : { truncated: true, bytes: Buffer.byteLength(text) };
}

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
    async (request, reply) => {
      const userId = requireAuth(request).user_id;
      const b = request.body;
      const [row] = await app.db
        .insert(analyticsEvents)
        .values({ user_id: userId, event: b.event, origin: b.origin, category: b.category, payload: boundedJson(b.payload) })
        .returning({ analytics_event_id: analyticsEvents.analytics_event_id });
      return reply.code(201).send(created(row));
    },
  );

  app.post(
    '/users/errors',
    { config: { auth: 'user', feature: 'always', rateLimit: limit }, bodyLimit: 64 * 1024, schema: { tags: ['analytics'], summary: 'Registra un error del cliente', body: ClientErrorBody } },
    async (request, reply) => {
      const userId = requireAuth(request).user_id;
      const { message, stack, path, ...extra } = request.body;
      const [row] = await app.db
        .insert(clientErrors)
        .values({ user_id: userId, message, stack: stack ?? null, path: path ?? null, extra: Object.keys(extra).length ? boundedJson(extra) : null })
        .returning({ client_error_id: clientErrors.client_error_id });
      request.log.warn({ client_error_id: row.client_error_id, path, message }, 'client error reported');
      return reply.code(201).send(created(row));
    },
  );
}
