import type { FastifyInstance } from 'fastify';
import { usersRoutes } from './users.routes';
import { emailsRoutes } from './emails.routes';

export async function usersModule(app: FastifyInstance) {
  await app.register(usersRoutes);
  await app.register(emailsRoutes);
}
