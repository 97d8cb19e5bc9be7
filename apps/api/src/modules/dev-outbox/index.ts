import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outbox } from '../../db/schema/index';
import { ok } from '../../http/envelope';

/**
 * Local mailbox for development without SMTP (FM_DEV_TOOLS=true): lists the messages the
 * product would have sent, with their links. Not registered at all unless enabled.
 */
export async function devOutboxModule(fastify: FastifyInstance) {
  if (fastify.config.FM_DEV_TOOLS !== 'true') return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/dev/outbox',
    {
      config: { public: true },
      schema: { tags: ['system'], summary: 'Correos guardados (solo desarrollo)', querystring: z.object({ to: z.string().max(254).optional() }) },
    },
    async (request) => {
      const q = app.db.select().from(outbox);
      const rows = request.query.to
        ? await q.where(eq(outbox.to_email, request.query.to.toLowerCase())).orderBy(desc(outbox.mail_id)).limit(50)
        : await q.orderBy(desc(outbox.mail_id)).limit(50);
      return ok(rows.map((m) => ({ ...m, links: m.body_text.match(/https?:\/\/\S+/g) ?? [] })));
    },
  );
}
