import Fastify, { type FastifyInstance } from 'fastify';
import { securityHeaders } from './http/security-headers';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { trustProxy, type Config } from './config';
import type { Database, Db } from './db/client';
import { requestSerializer } from './http/log-redact';
import { registerErrorHandler } from './http/errors';
import { authPlugin } from './http/auth';
import { registerWeb } from './http/web-assets';
import { compressJsonAnswers } from './http/content-encoding';
import { guardPlugin } from './http/guard';
import { databaseRateLimitStore, pruneCounters } from './http/rate-counters';
import { HOUR_MS, runPeriodically } from './jobs/periodic';
import { createTokenService, type TokenService } from './http/tokens';
import { invalidateListCounts } from './http/list-query';
import { createMailer, type Mailer } from './integrations/mail/mailer';
import { registerModules } from './modules/index';
import { createFileStore, type FileStore } from './files/index';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    tokens: TokenService;
    mailer: Mailer;
    /** Where uploaded files' bytes live (files/store.ts): FM_DATA_DIR/files or an S3-compatible bucket. */
    fileStore: FileStore;
    /** Every route as registered (method, url, config): the permission and OpenAPI tests walk it. */
    routeTable: RouteEntry[];
  }
}

export type RouteEntry = { method: string; url: string; config: Record<string, unknown> };

/** `fileStore`: the store the demo seeding wrote to (server.ts creates one for both); else one from the config. */
export type AppDeps = { database: Database; jwtSecret: string; fileStore?: FileStore };

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
  app.decorate('fileStore', deps.fileStore ?? (await createFileStore(config)));
  app.addHook('onClose', async () => app.fileStore.close?.());

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, config: (route.config ?? {}) as Record<string, unknown> });
    }
  });

  registerErrorHandler(app);
  // cached list totals (list-query, decision 0011) go stale with any write: when it starts and when it answers
  const writes = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
  app.addHook('onRequest', async (request) => {
    if (writes(request.method)) invalidateListCounts();
  });
  app.addHook('onSend', async (request) => {
    if (writes(request.method)) invalidateListCounts();
  });
  compressJsonAnswers(app);
  await app.register(securityHeaders, {
    helmet: {
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
    },
    api: { prefix: `${API_PREFIX}/`, pages: [`${API_PREFIX}/docs`] },
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
  await registerWeb(app, config.FM_WEB_DIST, API_PREFIX);
  return app;
}
