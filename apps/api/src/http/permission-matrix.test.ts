import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES, type Module } from '@fm/domain';
import { workspacePermissions, workspaceUsers } from '../db/schema/index';
import { buildUser, call, createTestApp, type TestApp, type TestUser } from '../test/app';

/**
 * The permission matrix: every route that declares `config.permission` (any module, registered by
 * anyone) is called as a member lacking that module (403), as a member having every module (not
 * 401/403, and never a 5xx: validation errors and 404s are fine), and as a non-member (403/404).
 */
let app: TestApp;
let owner: TestUser;
let stranger: TestUser;
const lacking = new Map<Module, string>();
let fullToken: string;

type Flags = { read: boolean; update: boolean; create: boolean; delete: boolean };
const on: Flags = { read: true, update: true, create: true, delete: true };
const off: Flags = { read: false, update: false, create: false, delete: false };

/** Writes permission rows directly: setPermissions would force the base modules on. */
async function member(flagsOf: (m: Module) => Flags): Promise<string> {
  const u = await buildUser(app);
  await app.db.insert(workspaceUsers).values({ workspace_id: owner.workspace_id, user_id: u.user_id });
  await app.db.insert(workspacePermissions).values(MODULES.map((module) => ({ workspace_id: owner.workspace_id, user_id: u.user_id, module, ...flagsOf(module) })));
  return (await app.tokens.sign(u.user_id, owner.workspace_id)).token;
}

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  stranger = await buildUser(app);
  fullToken = await member(() => on);
});
afterAll(() => app.cleanup());

type Permissioned = { method: string; url: string; module: Module; action: string };

function permissionedRoutes(): Permissioned[] {
  return app.routeTable
    .filter((r) => r.url.startsWith('/fm/v1/') && r.config.permission)
    .map((r) => {
      const p = r.config.permission as { module: Module; action: string };
      return { method: r.method, url: r.url, module: p.module, action: p.action };
    });
}

/** Concrete URL: path params become 1, and the workspace goes on the query string. */
function urlOf(route: Permissioned): string {
  const path = route.url.replace(/:(\w+)\??/g, '1').replace(/\*$/, 'x');
  return `${path}${path.includes('?') ? '&' : '?'}workspace_id=${owner.workspace_id}&workspace=true`;
}

async function hit(route: Permissioned, token: string) {
  const body = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH' ? {} : undefined;
  return call(app, route.method as 'GET', urlOf(route), { token, body });
}

describe('permission matrix', () => {
  it('walks every route with a module permission', async () => {
    const routes = permissionedRoutes();
    expect(routes.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url} (${route.module}.${route.action})`;
      if (!lacking.has(route.module)) lacking.set(route.module, await member((m) => (m === route.module ? off : on)));
      const denied = await hit(route, lacking.get(route.module) ?? '');
      if (denied.statusCode !== 403) failures.push(`${key}: member without the module got ${denied.statusCode}, expected 403`);
      const allowed = await hit(route, fullToken);
      if ([401, 403].includes(allowed.statusCode) || allowed.statusCode >= 500) {
        failures.push(`${key}: member with the module got ${allowed.statusCode}: ${allowed.body.slice(0, 200)}`);
      }
      const outsider = await hit(route, stranger.token);
      if (![403, 404].includes(outsider.statusCode)) failures.push(`${key}: non-member got ${outsider.statusCode}, expected 403/404`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('a member with only the base modules is refused every non-base module', async () => {
    const token = await member((m) => (['resources', 'strategies', 'team', 'seasons', 'seasons_plans', 'work_orders'].includes(m) ? on : off));
    for (const route of permissionedRoutes().filter((r) => !['resources', 'strategies', 'team', 'seasons', 'seasons_plans', 'work_orders'].includes(r.module))) {
      expect((await hit(route, token)).statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});
