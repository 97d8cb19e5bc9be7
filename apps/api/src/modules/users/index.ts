import type { FastifyInstance } from 'fastify';
import { usersRoutes } from './users.routes';
import { emailsRoutes } from './emails.routes';

/** What other modules may call: account lookups, sessions, own workspace and permissions, the demo account. */
export { findUserByEmail, findUserById, consumeToken, insertToken, type UserRow } from './users.repo';
export { openSession, type LoginFrom, type Session } from './session.service';
export { acceptInvitations, createOwnWorkspace, linkBase, setPermissions } from './users.service';
export { createDemoAccount, createDemoPerson, demoAccountExists, demoPasswordHash, DEMO_EMAIL, DEMO_PASSWORD, type DemoPerson } from './users.demo';

export async function usersModule(app: FastifyInstance) {
  await app.register(usersRoutes);
  await app.register(emailsRoutes);
}
