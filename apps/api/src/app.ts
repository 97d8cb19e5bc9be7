import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { trustProxy, type Config } from './config';
import type { Database, Db } from './db/client';
import { envelope } from './http/envelope';
import { requestSerializer } from './http/log-redact';
import { registerErrorHandler } from './http/errors';
import { authPlugin, ROUTE_NOT_FOUND } from './http/auth';
import { guardPlugin } from './http/guard';
import { databaseRateLimitStore, pruneCounters } from './http/rate-counters';
import { HOUR_MS, runPeriodically } from './jobs/periodic';
import { createTokenService, type TokenService } from './http/tokens';
import { createMailer, type Mailer } from './integrations/mail/mailer';
import { registerModules } from './modules/index';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    tokens: TokenService;
    mailer: Mailer;
    /** Every route as registered (method, url, config): the permission and OpenAPI tests walk it. */
    routeTable: RouteEntry[];
  }
}

export type RouteEntry = { method: string; url: string; config: Record<string, unknown> };

export type AppDeps = { database: Database; jwtSecret: string };

export const API_PREFIX = '/fm/v1';

/** Builds the application: plugins, modules, web assets. Never listens (tests use inject). */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.body.password'], serializers: { req: requestSerializer } },
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxy(config),
    ajv: { customOptions: { coerceTypes: true } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('tokens', createTokenService(deps.jwtSecret, config.TOKEN_TTL_HOURS));
  app.decorate('mailer', createMailer(deps.database.db, app.log, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }));

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, config: (route.config ?? {}) as Record<string, unknown> });
    }
  });

  registerErrorHandler(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // counters in the database: every instance behind a load balancer sees the same counts (decision 0002)
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.db) });
  runPeriodically(app, 'rate counter pruning', HOUR_MS, () => pruneCounters(app.db));
  await app.register(swagger, {
    openapi: {
      info: { title: 'Gestión agropecuaria API', version: '1.0.0', description: 'API del producto (envelope {success, status, data, message}).' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });
  await app.register(authPlugin);
  await app.register(guardPlugin);
  await app.register(registerModules, { prefix: API_PREFIX });
  await registerWeb(app, config);
  return app;
}

/** Serves the built web app with an SPA fallback; API paths that match nothing answer a 404 envelope. */
async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  const dist = config.FM_WEB_DIST ? path.resolve(config.FM_WEB_DIST) : undefined;
  const hasWeb = dist !== undefined && existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h' });
  }
  const indexHtml = hasWeb ? readFileSync(path.join(dist, 'index.html'), 'utf8') : null;
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(API_PREFIX) || request.method !== 'GET' || !indexHtml) {
      return reply.code(404).send(envelope(null, { status: 404, message: ROUTE_NOT_FOUND }));
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
  });
}
