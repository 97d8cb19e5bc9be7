import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';

export const DATABASE_DOWN = 'La base de datos no está disponible';

/**
 * Liveness and readiness (decision 0015). `GET health` answers from process state (the database handle is open and,
 * with PGlite, its worker alive): it never queues behind a statement, so a heavy request cannot make the process
 * look dead. `GET health/ready` runs `select 1`: it answers once the database serves statements, and waits behind
 * whatever the database is busy with (with PGlite, one statement at a time).
 */
export async function healthModule(app: FastifyInstance) {
  const status = () => ({ status: 'ok', database: app.database.kind, version: '1.0.0' });
  app.get(
    '/health',
    { config: { public: true }, schema: { tags: ['system'], summary: 'Vida del servicio, sin consultar la base (503 si la base está cerrada o se detuvo)' } },
    async () => {
      if (!app.database.alive()) throw new AppError('SERVICE_UNAVAILABLE', DATABASE_DOWN);
      return ok(status());
    },
  );
  app.get(
    '/health/ready',
    { config: { public: true }, schema: { tags: ['system'], summary: 'Listo para atender: la base responde una consulta (select 1)' } },
    async () => {
      if (!app.database.alive()) throw new AppError('SERVICE_UNAVAILABLE', DATABASE_DOWN);
      await app.db.execute(sql`select 1`);
      return ok(status());
    },
  );
}
