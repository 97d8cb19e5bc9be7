import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EXTERNAL_MSG, EXTERNAL_PROVIDERS, ExternalSigninParams, SIGN_IN_METHOD, SsoExchangeBody, type ExternalProvider } from '@fm/domain';
import { publicUrl } from '../../config';
import { AppError } from '../../http/errors';
import { ok } from '../../http/envelope';
import type { OidcClient } from '../../integrations/oidc/oidc';
import { beginSignIn, completeSignIn, exchangeSsoCode, type CallbackParams } from './external-auth.service';

const param = z.string().max(4096).optional();
const CallbackQuery = z.object({ code: param, state: param, error: param, error_description: param, iss: param, user: param });
const LoginFromQuery = z.object({ login_from: z.enum(['mobile', 'web']).optional() });
const FORM = 'application/x-www-form-urlencoded';

const cookieName = (provider: ExternalProvider) => `fm_oidc_${provider}`;

/**
 * The browser-binding cookie lives only on this provider's sign-in paths. Apple answers with a cross-site
 * POST (form_post), which carries the cookie only when it is SameSite=None (and so Secure).
 */
function bindingCookie(provider: ExternalProvider, path: string, value: string, maxAge: number, secure: boolean): string {
  const sameSite = provider === 'apple' ? 'None' : 'Lax';
  const attrs = [`${cookieName(provider)}=${value}`, `Path=${path}`, 'HttpOnly', `Max-Age=${maxAge}`, `SameSite=${sameSite}`];
  if (secure || sameSite === 'None') attrs.push('Secure');
  return attrs.join('; ');
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

/** Browser-redirect routes of the Google-type and Apple-type sign-in (spec doc 1 §7) and the single-sign-on code exchange. */
export function externalAuthRoutes(oidc: OidcClient) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const limit = { max: app.config.AUTH_RATE_LIMIT * 3, timeWindow: app.config.AUTH_RATE_WINDOW_MS };
    const secure = publicUrl(app.config).startsWith('https:');
    const signInDeps = { config: app.config, log: app.log };
    if (!app.hasContentTypeParser(FORM)) {
      // browser forms: the sign-in buttons may POST, Apple posts its answer (response_mode=form_post)
      app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });
    }

    for (const provider of EXTERNAL_PROVIDERS) {
      const name = SIGN_IN_METHOD[provider];
      const start = async (request: FastifyRequest, reply: FastifyReply, params: ExternalSigninParams) => {
        if (!oidc.configured(provider)) throw new AppError('NOT_IMPLEMENTED', EXTERNAL_MSG.notConfigured(provider));
        const path = request.routeOptions.url ?? '';
        const callbackUrl = `${publicUrl(app.config)}${path}/callback`;
        const { location, binding } = await beginSignIn(app.db, signInDeps, oidc, provider, params, callbackUrl);
        if (binding) reply.header('set-cookie', bindingCookie(provider, path, binding, 600, secure));
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      };
      const finish = async (request: FastifyRequest, reply: FastifyReply, params: CallbackParams) => {
        const location = await completeSignIn(app.db, signInDeps, oidc, provider, params, readCookie(request, cookieName(provider)));
        reply.header('set-cookie', bindingCookie(provider, (request.routeOptions.url ?? '').replace(/\/callback$/, ''), '', 0, secure));
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      };

      app.get(
        `/users/signin/${provider}`,
        {
          config: { public: true, rateLimit: limit },
          schema: {
            tags: ['users'],
            summary: `Ingreso con ${name} (redirige al proveedor)`,
            description: 'success_redirect y failure_redirect valen solo en el origen de PUBLIC_URL o de WEB_ORIGINS (nunca el del encabezado Host); si no, <PUBLIC_URL>/sso/home y <PUBLIC_URL>/.',
            querystring: ExternalSigninParams,
          },
        },
        (request, reply) => start(request, reply, request.query),
      );
      app.post(
        `/users/signin/${provider}`,
        {
          config: { public: true, rateLimit: limit },
          schema: {
            tags: ['users'],
            summary: `Ingreso con ${name} desde un formulario (redirige al proveedor)`,
            querystring: ExternalSigninParams,
            body: ExternalSigninParams.optional(),
          },
        },
        (request, reply) => start(request, reply, { ...request.query, ...request.body }),
      );
      app.get(
        `/users/signin/${provider}/callback`,
        {
          config: { public: true, rateLimit: limit },
          schema: { tags: ['users'], summary: `Retorno del ingreso con ${name}`, querystring: CallbackQuery },
        },
        (request, reply) => finish(request, reply, request.query),
      );
      if (provider === 'apple') {
        app.post(
          `/users/signin/${provider}/callback`,
          {
            config: { public: true, rateLimit: limit },
            schema: { tags: ['users'], summary: `Retorno del ingreso con ${name} (response_mode=form_post)`, body: CallbackQuery },
          },
          (request, reply) => finish(request, reply, request.body),
        );
      }
    }

    app.post(
      '/users/signin/sso',
      {
        config: { public: true, rateLimit: limit },
        schema: {
          tags: ['users'],
          summary: 'Canjea el código de un solo uso de /sso/:page/:token por una sesión',
          querystring: LoginFromQuery,
          body: SsoExchangeBody,
        },
      },
      async (request) => ok(await exchangeSsoCode(app.db, { tokens: app.tokens, config: app.config }, request.body.code, request.query.login_from ?? 'web')),
    );
  };
}
