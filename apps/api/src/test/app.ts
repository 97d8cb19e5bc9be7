import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { PLAN, defaultPermissions, type Module, type PermissionEntry } from '@fm/domain';
import { loadConfig, type Config } from '../config';
import { buildApp } from '../app';
import { prepareDatabase } from '../bootstrap';
import { openDatabase, type Database } from '../db/client';
import { adminQuery } from './global-setup';
import { createFileStore } from '../files/index';

export { adminQuery };
import { users, workspacePermissions, workspaces, workspaceUsers } from '../db/schema/index';
import { hashPassword } from '../modules/users/passwords';
import { setPermissions } from '../modules/users/users.service';

export type TestApp = FastifyInstance & {
  cleanup(): Promise<void>;
  /**
   * A second API instance on the same database and secret, as behind a load balancer; closed by cleanup. With
   * `ownConnections` (PostgreSQL) it opens its own pool and listening connection, as another process would.
   */
  twin(opts?: { ownConnections?: boolean }): Promise<FastifyInstance>;
};

/**
 * A fresh database per test file, copied from the run's migrated and seeded template (test/global-setup.ts):
 * in-memory PGlite, or a new PostgreSQL database when FM_TEST_DB=postgres.
 */
export async function createTestApp(overrides: Partial<Config> = {}, extend?: (app: FastifyInstance) => void): Promise<TestApp> {
  let dropDb: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  let template: Blob | undefined;
  if (process.env.FM_TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL) {
    const admin = process.env.TEST_DATABASE_URL;
    const name = `fm_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else {
    template = new Blob([await readFile(inject('pgliteTemplate'))]);
  }
  const config = loadConfig(
    { LOG_LEVEL: 'silent', FM_SEED_DEMO: 'false' },
    { inMemory: true, DATABASE_URL: databaseUrl, ...overrides },
  );
  // one store for a demo seeding (FM_SEED_DEMO override) and the app, as server.ts does
  const fileStore = await createFileStore(config);
  const { database } = await prepareDatabase(config, template, fileStore);
  const jwtSecret = randomBytes(32).toString('hex');
  const app = await buildApp(config, { database, jwtSecret, fileStore });
  // a test may add routes of its own (e.g. a guarded route that reads nothing) before the app is sealed
  extend?.(app);
  await app.ready();
  const twins: FastifyInstance[] = [];
  const ownDatabases: Database[] = [];
  return Object.assign(app, {
    async twin(opts: { ownConnections?: boolean } = {}) {
      const own = opts.ownConnections && databaseUrl ? await openDatabase({ databaseUrl, statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS }) : undefined;
      if (own) ownDatabases.push(own);
      const other = await buildApp(config, { database: own ?? database, jwtSecret });
      extend?.(other);
      await other.ready();
      twins.push(other);
      return other;
    },
    async cleanup() {
      for (const t of twins) await t.close();
      for (const d of ownDatabases) await d.close();
      await app.close();
      await database.close();
      await dropDb?.();
    },
  });
}

/** One statement on its own connection (CREATE / DROP DATABASE); the bench uses it too. */
export let seq = 0;
export type TestUser = { user_id: number; email: string; password: string; workspace_id: number; token: string };

/** A validated user with an own workspace and a token for it. */
export async function buildUser(app: FastifyInstance, opts: { email?: string; password?: string; name?: string; plan_id?: number } = {}): Promise<TestUser> {
  seq += 1;
  const email = opts.email ?? `user${seq}_${randomBytes(3).toString('hex')}@test.local`;
  const password = opts.password ?? 'secreto123';
  const [u] = await app.db
    .insert(users)
    .values({
      email,
      password_hash: await hashPassword(password),
      name: opts.name ?? `Usuario${seq}`,
      last_name: 'Prueba',
      email_validated_at: new Date(),
      plan_id: opts.plan_id ?? PLAN.PRO,
      plan_end_date: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning();
  const [ws] = await app.db.insert(workspaces).values({ name: `WS ${u.name}`, user_id: u.user_id }).returning();
  await app.db.update(users).set({ last_workspace_id: ws.workspace_id }).where(eq(users.user_id, u.user_id));
  const { token } = await app.tokens.sign(u.user_id, ws.workspace_id);
  return { user_id: u.user_id, email, password, workspace_id: ws.workspace_id, token };
}

/** Shares `user` into `workspaceId` with the given permissions (base modules always on) and returns a token for it. */
export async function addMember(app: FastifyInstance, workspaceId: number, user: TestUser, permissions: PermissionEntry[] = defaultPermissions()): Promise<string> {
  await app.db.insert(workspaceUsers).values({ workspace_id: workspaceId, user_id: user.user_id }).onConflictDoNothing();
  await app.db.transaction((tx) => setPermissions(tx, workspaceId, user.user_id, permissions));
  return (await app.tokens.sign(user.user_id, workspaceId)).token;
}

/** The default permissions with `module`'s flags changed. */
export function permissionsWith(module: Module, flags: Partial<Omit<PermissionEntry, 'module'>>): PermissionEntry[] {
  return defaultPermissions().map((p) => (p.module === module ? { ...p, ...flags } : p));
}

/**
 * A new member of the workspace with the default permissions except `modules`, whose flags are all off (the guard
 * must refuse them). A read other modules' screens also need (`alsoFor`) is refused only with those modules off too.
 */
export async function memberWithout(app: FastifyInstance, workspaceId: number, modules: Module | readonly Module[]): Promise<string> {
  const off = typeof modules === 'string' ? [modules] : modules;
  const member = await buildUser(app);
  const permissions = defaultPermissions().map((p) => (off.includes(p.module) ? { ...p, read: false, create: false, update: false, delete: false } : p));
  // setPermissions forces the base modules on; written directly so a base module can be taken away too
  const token = await addMember(app, workspaceId, member, permissions);
  await app.db
    .update(workspacePermissions)
    .set({ read: false, create: false, update: false, delete: false })
    .where(and(eq(workspacePermissions.workspace_id, workspaceId), eq(workspacePermissions.user_id, member.user_id), inArray(workspacePermissions.module, [...off])));
  return token;
}

/** inject() with a bearer token and JSON body. */
export function call(app: FastifyInstance, method: InjectOptions['method'], url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: url.startsWith('/') ? url : `/fm/v1/${url}`,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
}

/** The status code of a GET with a bearer token. */
export async function statusOf(app: FastifyInstance, url: string, token: string): Promise<number> {
  return (await call(app, 'GET', url, { token })).statusCode;
}

export type Body<T = unknown> = { success: boolean; status: number; data: T; message?: string; detail?: { loc: string[]; msg: string }[]; total?: number };
export const json = <T = unknown>(res: LightMyRequestResponse) => res.json() as Body<T>;
