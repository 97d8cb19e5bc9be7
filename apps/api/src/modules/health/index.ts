import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';

export async function healthModule(app: FastifyInstance) {
  app.get('/health', { config: { public: true }, schema: { tags: ['system'], summary: 'Estado del servicio y de la base de datos' } }, async () => {
    await app.db.execute(sql`select 1`);
    return ok({ status: 'ok', database: app.database.kind, version: '1.0.0' });
  });
}
