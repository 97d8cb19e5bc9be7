import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EMAIL_CHANGE_MSG, EmailConfirmBody, EmailQuery, MSG } from '@fm/domain';
import { ok } from '../../http/envelope';
import { invalid } from '../../http/errors';
import { linkBase, requestPasswordReset, resendValidation, validateEmail } from './users.service';
import { confirmEmailChange } from './profile.service';

export async function emailsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ipLimit = { max: app.config.AUTH_RATE_LIMIT * 3, timeWindow: app.config.AUTH_RATE_WINDOW_MS };

  app.post(
    '/emails/user/validation',
    {
      config: { public: true, rateLimit: ipLimit },
      schema: {
        tags: ['users'],
        summary: 'Reenvía el mail de validación (el enlace solo en el origen de PUBLIC_URL o de WEB_ORIGINS)',
        querystring: z.object({ email: z.string().max(254).optional(), validation_email_link: z.string().max(500).optional() }),
        body: z.object({ email: z.string().max(254).optional(), front_validation_url: z.string().max(500).optional() }).nullish(),
      },
    },
    async (request) => {
      const parsed = EmailQuery.safeParse({ email: request.query.email ?? request.body?.email });
      if (!parsed.success) throw invalid('email', parsed.error.issues[0]?.message ?? MSG.emailFormat);
      const requested = request.query.validation_email_link ?? request.body?.front_validation_url;
      await resendValidation(app.db, app.mailer, parsed.data.email, linkBase(app.config, requested, '/validar-mail-ok'));
      return ok([], { message: MSG.resendOk });
    },
  );

  app.get(
    '/emails/user/validation',
    {
      config: { public: true },
      schema: {
        tags: ['users'],
        summary: 'Valida el e-mail con el token del enlace (un solo uso); las invitaciones a ese e-mail pasan a ser acceso',
        querystring: z.object({ token: z.string({ error: MSG.validationLinkInvalid }).min(10, MSG.validationLinkInvalid).max(200, MSG.validationLinkInvalid) }),
      },
    },
    async (request) => {
      await validateEmail(app.db, request.query.token);
      return ok([], { message: 'Correo electrónico validado' });
    },
  );

  app.get(
    '/emails/user/password/reset',
    {
      config: { public: true, rateLimit: ipLimit },
      schema: {
        tags: ['users'],
        summary: 'Envía el enlace para restablecer la contraseña (misma respuesta exista o no el e-mail; el enlace solo en el origen de PUBLIC_URL o de WEB_ORIGINS)',
        querystring: EmailQuery.extend({ reset_password_url: z.string().max(500).optional() }),
      },
    },
    async (request) => {
      const link = linkBase(app.config, request.query.reset_password_url, '/restablecer-password-confirmar');
      await requestPasswordReset(app.db, app.mailer, request.query.email, link);
      return ok([], { message: MSG.resetSent });
    },
  );

  app.post(
    '/users/email/confirm',
    {
      config: { public: true, rateLimit: ipLimit },
      schema: {
        tags: ['users'],
        summary: 'Confirma el cambio de email con el token del enlace enviado a la casilla nueva',
        description:
          'Un solo uso. Reemplaza el email por el pendiente, lo da por validado, cierra todas las sesiones (hay que volver a ingresar con el email nuevo), invalida los enlaces enviados al email anterior y acepta las invitaciones al nuevo. 400 si el enlace no es válido o venció; 409 si otra cuenta tomó ese email mientras tanto.',
        body: EmailConfirmBody,
      },
    },
    async (request) => {
      const email = await confirmEmailChange(app.db, request.body.token);
      return ok([{ email }], { message: EMAIL_CHANGE_MSG.confirmed });
    },
  );
}
