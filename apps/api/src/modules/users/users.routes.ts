import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FinishSignupBody, MSG, PasswordChangeBody, ProfileBody, SigninBody, SignupBody } from '@fm/domain';
import { revokedTokens } from '../../db/schema/index';
import { bearerOf, requireAuth } from '../../http/auth';
import { forbidden, unauthorized, AppError } from '../../http/errors';
import { created, ok } from '../../http/envelope';
import { hitCounter } from '../../http/rate-counters';
import { checkPassword } from './passwords';
import { openSession, publicUser } from './session.service';
import { createSignInLimiter } from './sign-in-limiter';
import { findUserByEmail, findUserById } from './users.repo';
import { finishSignup, linkBase, resetPassword, signup } from './users.service';
import { updateProfile } from './profile.service';

/** Path of the web page that opens the link mailed to a new address (POST users/email/confirm). */
const EMAIL_CONFIRM_PATH = '/confirmar-mail';

const LoginFromQuery = z.object({ login_from: z.enum(['mobile', 'web']).optional() });

export async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limiter = createSignInLimiter(app.db, app.config.AUTH_RATE_LIMIT, app.config.AUTH_RATE_WINDOW_MS);
  const ipLimit = { max: app.config.AUTH_RATE_LIMIT * 3, timeWindow: app.config.AUTH_RATE_WINDOW_MS };
  const sessionDeps = { tokens: app.tokens, config: app.config };

  app.post(
    '/users/signup',
    {
      config: { public: true, rateLimit: ipLimit },
      schema: {
        tags: ['users'],
        summary: 'Registro con validación de e-mail',
        querystring: z.object({ validation_email_link: z.string().max(500).optional() }),
        body: SignupBody,
      },
    },
    async (request, reply) => {
      const { repeat_password: _r, ...body } = request.body;
      const link = linkBase(app.config, request.query.validation_email_link, '/validar-mail-ok');
      const user = await signup(app.db, app.mailer, body, link);
      return reply.code(201).send(created(publicUser(user), 'Cuenta creada. Revisá tu correo para validarla.'));
    },
  );

  app.post(
    '/users/signin',
    {
      config: { public: true },
      schema: { tags: ['users'], summary: 'Inicio de sesión', querystring: LoginFromQuery, body: SigninBody },
    },
    async (request) => {
      const { email, password } = request.body;
      if (await limiter.blocked(email, request.ip)) throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyRequests);
      const user = await findUserByEmail(app.db, email);
      if (!(await checkPassword(user?.password_hash, password)) || !user) {
        await limiter.fail(email, request.ip);
        throw unauthorized(MSG.invalidCredentials);
      }
      if (!user.email_validated_at) throw forbidden(MSG.emailNotValidated);
      await limiter.reset(email);
      return ok(await openSession(app.db, sessionDeps, user.user_id, null, request.query.login_from ?? 'web'));
    },
  );

  app.get(
    '/users/auth',
    {
      config: { auth: 'user', feature: 'always' },
      schema: {
        tags: ['users'],
        summary: 'Renueva el token para un espacio de trabajo',
        querystring: LoginFromQuery.extend({
          renew: z.enum(['true', 'false']).optional(),
          workspace_id: z.coerce.number().int().positive().optional(),
          workspace: z.string().max(10).optional(),
        }),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const session = await openSession(app.db, sessionDeps, auth.user_id, request.query.workspace_id ?? auth.workspace_id, request.query.login_from ?? auth.login_from);
      return ok(session);
    },
  );

  const signout = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    await app.db.insert(revokedTokens).values({ jti: auth.jti, expires_at: new Date(auth.exp * 1000) }).onConflictDoNothing();
    return ok([], { message: 'Sesión cerrada' });
  };
  app.get('/users/signout', { config: { auth: 'user', feature: 'always' }, schema: { tags: ['users'], summary: 'Cierra la sesión (revoca el token)' } }, signout);
  app.post('/users/signout', { config: { auth: 'user', feature: 'always' }, schema: { tags: ['users'], summary: 'Cierra la sesión (revoca el token)' } }, signout);

  app.get('/users', { config: { auth: 'user', feature: 'profile' }, schema: { tags: ['users'], summary: 'Datos del usuario' } }, async (request) => {
    const user = await findUserById(app.db, requireAuth(request).user_id);
    if (!user) throw unauthorized();
    return ok(publicUser(user));
  });

  app.put(
    '/users',
    {
      config: { auth: 'user', feature: 'profile' },
      schema: {
        tags: ['users'],
        summary: 'Edita el perfil o el último espacio de trabajo; un email nuevo se aplica recién al confirmarlo',
        description:
          'Los datos del perfil se guardan ya. Un email distinto del actual no: queda en pending_email, se envía un enlace de un solo uso (1 hora) a esa casilla y un aviso a la actual, y el mensaje lo dice. El enlace abre <email_change_link>/<token> (por defecto <PUBLIC_URL>/confirmar-mail), que llama a POST users/email/confirm. 409 si otra cuenta usa ese email; 429 tras AUTH_RATE_LIMIT pedidos de cambio por ventana.',
        querystring: z.object({ email_change_link: z.string().max(500).optional() }),
        body: ProfileBody,
      },
    },
    async (request) => {
      const userId = requireAuth(request).user_id;
      const me = await findUserById(app.db, userId);
      if (!me) throw unauthorized();
      if (request.body.email !== undefined && request.body.email !== me.email) {
        // each change mails a stranger's address: counted per account, in the database (decision 0002)
        const { count } = await hitCounter(app.db, `email-change:u:${userId}`, app.config.AUTH_RATE_WINDOW_MS);
        if (count > app.config.AUTH_RATE_LIMIT) throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyRequests);
      }
      const link = linkBase(app.config, request.query.email_change_link, EMAIL_CONFIRM_PATH);
      const { user, message } = await updateProfile(app.db, app.mailer, userId, request.body, link);
      return ok(publicUser(user), { message });
    },
  );

  app.put(
    '/users/signup',
    { config: { auth: 'user', feature: 'always' }, schema: { tags: ['users'], summary: 'Completa el registro (ingreso externo o móvil)', body: FinishSignupBody } },
    async (request) => {
      const { first_login_mobile: _m, ...body } = request.body;
      const user = await finishSignup(app.db, requireAuth(request).user_id, body);
      return ok(publicUser(user), { message: MSG.signupCompleted });
    },
  );

  app.post(
    '/users/password/change',
    {
      // authenticated by the e-mailed reset token in the bearer header, not by a session token
      config: { public: true, rateLimit: ipLimit },
      schema: {
        tags: ['users'],
        summary: 'Cambia la contraseña con el token de restablecimiento (invalida los demás enlaces de restablecimiento y las sesiones)',
        body: PasswordChangeBody,
      },
    },
    async (request) => {
      const token = bearerOf(request);
      if (!token) throw unauthorized('Falta el token de restablecimiento');
      await resetPassword(app.db, token, request.body.password);
      return ok([], { message: MSG.passwordChanged });
    },
  );
}
