import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmailQuery, MSG } from '@fm/domain';
import { ok } from '../../http/envelope';
import { invalid } from '../../http/errors';
import { linkBase, requestPasswordReset, resendValidation, validateEmail } from './users.service';

export async function emailsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ipLimit = { max: app.config.AUTH_RATE_LIMIT * 3, timeWindow: app.config.AUTH_RATE_WINDOW_MS };

  app.post(
    '/emails/user/validation',
    {
      config: { public: true, rateLimit: ipLimit },
      schema: {
        tags: ['users'],
        summary: 'Reenvía el mail de validación',
        querystring: z.object({ email: z.string().max(254).optional(), validation_email_link: z.string().max(500).optional() }),
        body: z.object({ email: z.string().max(254).optional(), front_validation_url: z.string().max(500).optional() }).nullish(),
      },
    },
    async (request) => {
      const parsed = EmailQuery.safeParse({ email: request.query.email ?? request.body?.email });
      if (!parsed.success) throw invalid('email', parsed.error.issues[0]?.message ?? MSG.emailFormat);
      const requested = request.query.validation_email_link ?? request.body?.front_validation_url;
      await resendValidation(app, parsed.data.email, linkBase(app, requested, request.headers.host, '/validar-mail-ok'));
      return ok([], { message: MSG.resendOk });
    },
  );

  app.get(
    '/emails/user/validation',
    {
      config: { public: true },
      schema: { tags: ['users'], summary: 'Valida el e-mail con el token del enlace', querystring: z.object({ token: z.string().min(10).max(200) }) },
    },
    async (request) => {
      await validateEmail(app, request.query.token);
      return ok([], { message: 'Correo electrónico validado' });
    },
  );

  app.get(
    '/emails/user/password/reset',
    {
      config: { public: true, rateLimit: ipLimit },
      schema: {
        tags: ['users'],
        summary: 'Envía el enlace para restablecer la contraseña (misma respuesta exista o no el e-mail)',
        querystring: EmailQuery.extend({ reset_password_url: z.string().max(500).optional() }),
      },
    },
    async (request) => {
      const link = linkBase(app, request.query.reset_password_url, request.headers.host, '/restablecer-password-confirmar');
      await requestPasswordReset(app, request.query.email, link);
      return ok([], { message: MSG.resetSent });
    },
  );
}
