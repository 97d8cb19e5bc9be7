import type { FastifyInstance } from 'fastify';

// What other modules may call (they import it from here, never from a users file). Listed before the routes so
// a module that imports users while users is still loading finds these already evaluated.
export { hashPassword } from './passwords';
export { findUserByEmail, findUserById, consumeToken, insertToken, type UserRow, type TokenKind } from './users.repo';
export { acceptInvitations, createOwnWorkspace, linkBase, setPermissions, type LinkConfig } from './users.service';
export { openSession, publicUser, type LoginFrom, type Session, type SessionDeps } from './session.service';
export { createDemoAccount, createDemoPerson, demoAccountExists, demoPasswordHash, DEMO_EMAIL, DEMO_PASSWORD, type DemoPerson } from './users.demo';

import { HOUR_MS, runPeriodically } from '../../jobs/periodic';
import { pruneExpiredTokens } from './users.repo';
import { usersRoutes } from './users.routes';
import { emailsRoutes } from './emails.routes';

/** Sign-up, sign-in, sessions, profile and the e-mailed links (validation, reset, e-mail change). */
export async function usersModule(app: FastifyInstance) {
  await app.register(usersRoutes);
  await app.register(emailsRoutes);
  runPeriodically(app, 'expired token pruning', HOUR_MS, () => pruneExpiredTokens(app.db));
}
