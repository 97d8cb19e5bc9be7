import type { FastifyInstance } from 'fastify';
import { createOidcClient } from '../../integrations/oidc/oidc';
import { externalAuthRoutes } from './external-auth.routes';

/** Google-type and Apple-type sign-in (OIDC) and the single-sign-on code exchange. */
export async function externalAuthModule(app: FastifyInstance) {
  await app.register(externalAuthRoutes(createOidcClient(app.config)));
}
