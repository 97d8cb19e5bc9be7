import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { FLAG_SET_NAMES } from '@fm/domain';

const httpUrl = z.string().url().refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL');
/** The repository's root folder: a relative FM_DATA_DIR is taken from here, however the server or the CLI is started. */
/** Comma-separated workspace ids (CERTIFIED_STATUS_WORKSPACES); anything not a positive integer is left out. */
export function workspaceIdList(raw: string): number[] {
  return raw.split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);
}

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /** Longest one SQL statement may run (ms) before it is cancelled and the request answers 503; 0 turns it off. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** PostgreSQL connections the server keeps at most (requests beyond them wait in line for one). */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * PostgreSQL: heavy statements (unpaged lists of up to 5,000 rows) running at once at most; the pool's other
   * connections and the server's CPUs stay free for light requests (decision 0043).
   */
  DB_HEAVY_MAX: z.coerce.number().int().min(1).max(100).default(2),
  /** How long a request's auth state may be remembered at most (decision 0038); 0 reads it on every request. */
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  FM_DATA_DIR: z.string().default('./data').transform((dir) => path.resolve(PROJECT_ROOT, dir)),
  FM_FLAGS: z.enum(FLAG_SET_NAMES).default('development'),
  /** Workspaces where a work order may enter status 8, Certificada (spec doc 2 §4: workspace 11223); comma-separated ids. */
  CERTIFIED_STATUS_WORKSPACES: z.string().default('11223').transform(workspaceIdList),
  /**
   * Public base URL: the origin of every e-mailed link and sign-in redirect (never the request's Host header).
   * Required with NODE_ENV=production; defaults to http://localhost:PORT otherwise.
   */
  PUBLIC_URL: httpUrl.optional(),
  /**
   * Other origins the web is served from (comma-separated, e.g. Vite's dev server http://localhost:5173): a link
   * base or redirect a client asks for is accepted only on PUBLIC_URL's origin or one of these.
   */
  WEB_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(httpUrl.transform((u) => new URL(u).origin))),
  JWT_SECRET: z.string().min(32).optional(),
  TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 7),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Gestión Agro <no-responder@gestion-agro.local>'),
  SALES_EMAIL: z.string().email().default('ventas@gestion-agro.local'),
  OIDC_GOOGLE_ISSUER: z.string().url().optional(),
  OIDC_GOOGLE_CLIENT_ID: z.string().optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_APPLE_ISSUER: z.string().url().optional(),
  OIDC_APPLE_CLIENT_ID: z.string().optional(),
  OIDC_APPLE_CLIENT_SECRET: z.string().optional(),
  /**
   * Local development tools: GET /fm/v1/dev/outbox lists the stored e-mails, POST dev/plan and dev/notifications
   * put an account in a plan state or fill its bell. Refused when NODE_ENV=production.
   */
  FM_DEV_TOOLS: z.enum(['true', 'false']).default('false'),
  NODE_ENV: z.string().optional(),
  /** The demo account: created on first start unless NODE_ENV is production (there only when 'true'). */
  FM_SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** How many times an account may extend an ended PRO trial (GET subscriptions/renew-trial). */
  TRIAL_RENEWALS_MAX: z.coerce.number().int().min(0).max(100).default(1),
  FM_WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Rate limit for sign-in/sign-up/reset per IP+account per window. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(15 * 60 * 1000),
  /**
   * Uploaded files (invoices, delivery notes, technical sheets) go to an S3-compatible bucket when
   * FILES_S3_ENDPOINT is set (then BUCKET, ACCESS_KEY and SECRET_KEY are required), else to FM_DATA_DIR/files.
   */
  FILES_S3_ENDPOINT: httpUrl.optional(),
  FILES_S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name').optional(),
  FILES_S3_REGION: z.string().default('us-east-1'),
  FILES_S3_ACCESS_KEY: z.string().optional(),
  FILES_S3_SECRET_KEY: z.string().optional(),
  /** `true` (default): endpoint/bucket/key, as MinIO and most S3-compatible servers; `false`: bucket.endpoint/key (AWS). */
  FILES_S3_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  /**
   * Agronomic prescriptions: the recipe service's base URL. When set, recipes are requested from it with each
   * workspace's linked account; when not, the built-in issuer numbers and prints them itself.
   */
  RECIPES_API_URL: httpUrl.optional(),
  /**
   * Ambientaciones, the field-mapping service (decision 0025): base URL and the installation's API key (sent as a
   * bearer token). Both or neither; without them its routes answer 503 'no está configurado', never a fake success.
   */
  FIELD_MAPPING_API_URL: httpUrl.optional(),
  FIELD_MAPPING_API_KEY: z.string().min(8).max(500).optional(),
  /** Longest wait (ms) for one answer of the field-mapping service before the request answers 502. */
  FIELD_MAPPING_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** DolarAPI-shaped exchange-rate source (e.g. https://dolarapi.com/v1/dolares); without it the last stored snapshot is served. */
  EXCHANGE_API_URL: httpUrl.optional(),
  /** Crop-price source answering `[{nombre, puerto, importe, fecha?}]` (Rosario pizarra); without it the last stored snapshot is served. */
  CROP_PRICE_API_URL: httpUrl.optional(),
  /** Minutes between refreshes of the configured market sources. */
  MARKET_REFRESH_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Open-Meteo-shaped forecast service root (e.g. https://api.open-meteo.com); without it farms have no forecast. */
  WEATHER_API_URL: httpUrl.optional(),
  /** Minutes between refreshes of the farms' forecasts. */
  WEATHER_REFRESH_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /**
   * Key (32 bytes, base64 or 64 hex digits) that encrypts the recipe accounts' passwords at rest (AES-256-GCM);
   * without it one is generated on first start and kept under FM_DATA_DIR (recipes-key).
   */
  RECIPES_ENCRYPTION_KEY: z
    .string()
    .refine((v) => /^[0-9a-f]{64}$/i.test(v) || Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64 or 64 hex digits')
    .optional(),
  /**
   * Which proxies may set X-Forwarded-For (the client address the per-IP limits count): 'false' (the default:
   * the socket's address), 'true' (any: only behind a proxy that overwrites the header), a hop count, or a
   * comma-separated list of proxy addresses/CIDRs.
   */
  TRUST_PROXY: z.string().default('false'),
});

export type Config = Omit<z.infer<typeof Env>, 'FM_SEED_DEMO'> & {
  FM_SEED_DEMO: 'true' | 'false';
  /** An in-memory PGlite (tests) instead of a directory under FM_DATA_DIR. */
  inMemory?: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty variable (`OIDC_GOOGLE_ISSUER=`) means "not set", not an invalid value.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Env.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const production = isProduction(parsed.data);
  if (parsed.data.FM_DEV_TOOLS === 'true' && production) {
    throw new Error('Invalid configuration:\n  FM_DEV_TOOLS: the development tools cannot be enabled with NODE_ENV=production');
  }
  if (production && !parsed.data.PUBLIC_URL) {
    throw new Error(
      'Invalid configuration:\n  PUBLIC_URL: required with NODE_ENV=production (the public address of the application, e.g. https://campo.ejemplo.com.ar); e-mailed links are built only from it',
    );
  }
  const s3Missing = parsed.data.FILES_S3_ENDPOINT ? (['FILES_S3_BUCKET', 'FILES_S3_ACCESS_KEY', 'FILES_S3_SECRET_KEY'] as const).filter((k) => !parsed.data[k]) : [];
  if (s3Missing.length) {
    throw new Error(`Invalid configuration:\n${s3Missing.map((k) => `  ${k}: required with FILES_S3_ENDPOINT`).join('\n')}`);
  }
  if (Boolean(parsed.data.FIELD_MAPPING_API_URL) !== Boolean(parsed.data.FIELD_MAPPING_API_KEY)) {
    const missing = parsed.data.FIELD_MAPPING_API_URL ? 'FIELD_MAPPING_API_KEY' : 'FIELD_MAPPING_API_URL';
    throw new Error(`Invalid configuration:\n  ${missing}: FIELD_MAPPING_API_URL and FIELD_MAPPING_API_KEY go together`);
  }
  return { ...parsed.data, FM_SEED_DEMO: parsed.data.FM_SEED_DEMO ?? (production ? 'false' : 'true'), ...overrides };
}

/** NODE_ENV=production in any case ('Production', ' PRODUCTION'). */
export function isProduction(config: Pick<Config, 'NODE_ENV'>): boolean {
  return config.NODE_ENV?.trim().toLowerCase() === 'production';
}

/** TRUST_PROXY as Fastify's trustProxy option. */
export function trustProxy(config: Config): boolean | string | ((address: string, hop: number) => boolean) {
  const v = config.TRUST_PROXY.trim();
  if (v === 'true' || v === 'false') return v === 'true';
  if (!/^\d+$/.test(v)) return v;
  const hops = Number(v);
  return (_address, hop) => hop < hops;
}

export function publicUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

/** Origins a mailed link or a sign-in redirect may point at: PUBLIC_URL's and WEB_ORIGINS. */
export function linkOrigins(config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'WEB_ORIGINS'>): Set<string> {
  return new Set([new URL(publicUrl(config)).origin, ...config.WEB_ORIGINS]);
}
