import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MSG, ADDON_ID, effectiveFlags, FEATURES, MODULES, type Feature, type Module } from '@fm/domain';
import { workspacePermissions, workspaceUsers } from '../db/schema/index';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../test/app';
import { ALWAYS_ON } from './auth';
import { ACCOUNT_SCOPE_OWNER_ONLY } from './guard';
import { setAddonQuantity } from '../modules/plans/index';

/**
 * The permission matrix: every route that declares `config.permission` (any module, registered by
 * anyone) is called as a member lacking that module (403), as a member having every module (not
 * 401/403, and never a 5xx: validation errors and 404s are fine), and as a non-member (403/404).
 * Every signed-in route names its feature flag, and every owner-only route refuses a member holding
 * every permission.
 */
let app: TestApp;
let owner: TestUser;
let stranger: TestUser;
const lacking = new Map<string, string>();
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
  // the Recetas add-on gates the recipe routes after the permission (recipes.test.ts): the matrix walks permissions
  await setAddonQuantity(app.db, owner.user_id, ADDON_ID.RECIPES, 1);
  stranger = await buildUser(app);
  fullToken = await member(() => on);
});
afterAll(() => app.cleanup());

type Permissioned = { method: string; url: string; module: Module; action: string; alsoFor: readonly Module[] };
type Route = { method: string; url: string; config: Record<string, unknown> };

/** The routes a signed-in user needs whatever the flag set; adding one is a decision (0010), not a default. */
const ALWAYS_ON_ROUTES = [
  'GET /fm/v1/users/auth',
  'GET /fm/v1/users/signout',
  'POST /fm/v1/users/signout',
  'PUT /fm/v1/users/signup',
  'POST /fm/v1/analytics',
  'POST /fm/v1/users/errors',
  // uploaded files of every module, readable by the members of the file's workspace
  'GET /fm/v1/files/:file_id',
  // market data: every form's default exchange rate (decision 0021)
  'GET /fm/v1/exchange-rate/last',
  'GET /fm/v1/external-data/exchange',
  'GET /fm/v1/external-data/crop-price',
  ...['crops', 'crops/stages', 'resources/sequences', 'labors', 'units', 'statuses', 'zones', 'adversities', 'supplies/brands', 'costs/categories', 'occupations'].map(
    (path) => `GET /fm/v1/${path}`,
  ),
].sort();

/** Routes of the API that need a token (not public, not the OpenAPI pages). */
function signedInRoutes(): Route[] {
  return app.routeTable.filter((r) => r.url.startsWith('/fm/v1/') && !r.url.startsWith('/fm/v1/docs') && !r.config.public);
}

/**
 * A route of a feature this deployment has not turned on yet (not in BUILT_FEATURES) answers every caller as an
 * unknown route (feature-flags.test.ts); the matrix walks it once its feature is built.
 */
const featureOn = (r: Route) => {
  const feature = r.config.feature as Feature | typeof ALWAYS_ON | undefined;
  return !feature || feature === ALWAYS_ON || effectiveFlags(app.config.FM_FLAGS, false)[feature];
};

function permissionedRoutes(): Permissioned[] {
  return app.routeTable
    .filter((r) => r.url.startsWith('/fm/v1/') && r.config.permission && featureOn(r))
    .map((r) => {
      const p = r.config.permission as { module: Module; action: string; alsoFor?: readonly Module[] };
      return { method: r.method, url: r.url, module: p.module, action: p.action, alsoFor: p.alsoFor ?? [] };
    });
}

/** Concrete URL: path params become 1, and the workspace goes on the query string. */
function urlOf(route: Pick<Route, 'url'>): string {
  const path = route.url.replace(/:(\w+)\??/g, '1').replace(/\*$/, 'x');
  return `${path}${path.includes('?') ? '&' : '?'}workspace_id=${owner.workspace_id}&workspace=true`;
}

async function hit(route: Pick<Route, 'method' | 'url'>, token: string, query = '') {
  const body = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH' ? {} : undefined;
  return call(app, route.method as 'GET', `${urlOf(route)}${query}`, { token, body });
}

describe('permission matrix', () => {
  it('walks every route with a module permission', async () => {
    const routes = permissionedRoutes();
    expect(routes.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url} (${route.module}.${route.action})`;
      // without the module and without the modules that also allow it (alsoFor)
      const without = [route.module, ...route.alsoFor];
      const lackKey = without.join('+');
      if (!lacking.has(lackKey)) lacking.set(lackKey, await member((m) => (without.includes(m) ? off : on)));
      const denied = await hit(route, lacking.get(lackKey) ?? '');
      if (denied.statusCode !== 403) failures.push(`${key}: member without the module got ${denied.statusCode}, expected 403`);
      for (const other of route.alsoFor) {
        if (!lacking.has(`only:${other}`)) lacking.set(`only:${other}`, await member((m) => (m === other ? on : off)));
        const also = await hit(route, lacking.get(`only:${other}`) ?? '');
        if ([401, 403].includes(also.statusCode)) failures.push(`${key}: member with only ${other} got ${also.statusCode}, expected it allowed`);
      }
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
    const base = (m: Module) => ['resources', 'strategies', 'team', 'seasons', 'seasons_plans', 'work_orders'].includes(m);
    for (const route of permissionedRoutes().filter((r) => !base(r.module))) {
      const status = (await hit(route, token)).statusCode;
      // a read a base module's screens need (alsoFor) is allowed; everything else of a non-base module is refused
      if (route.alsoFor.some(base)) expect(status, `${route.method} ${route.url}`).not.toBe(403);
      else expect(status, `${route.method} ${route.url}`).toBe(403);
    }
  });
});

describe('feature flags and owner-only routes', () => {
  it('every signed-in route names its feature; only the listed ones are always on', () => {
    const routes = signedInRoutes();
    const undeclared = routes.filter((r) => r.config.feature !== ALWAYS_ON && !FEATURES.includes(r.config.feature as never));
    expect(undeclared.map((r) => `${r.method} ${r.url}: feature ${String(r.config.feature)}`)).toEqual([]);
    const alwaysOn = routes.filter((r) => r.config.feature === ALWAYS_ON).map((r) => `${r.method} ${r.url}`);
    expect(alwaysOn.sort()).toEqual(ALWAYS_ON_ROUTES);
  });

  it('an owner-only route refuses a member holding every permission, and lets the owner through', async () => {
    const ownerOnly = signedInRoutes().filter((r) => r.config.ownerOnly === true);
    expect(ownerOnly.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const route of ownerOnly) {
      const res = await hit(route, fullToken);
      if (res.statusCode !== 403 || json(res).message !== ACCESS_MSG.ownerOnly) failures.push(`${route.method} ${route.url}: member got ${res.statusCode} ${res.body.slice(0, 120)}`);
      const mine = await hit(route, owner.token);
      if (mine.statusCode === 403 || mine.statusCode >= 500) failures.push(`${route.method} ${route.url}: owner got ${mine.statusCode}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('a route that refuses non-owners declares it, so the guard answers before its body is read', async () => {
    const undeclared: string[] = [];
    // always-on routes are session and reference routes (and sign-out would revoke the token)
    for (const route of signedInRoutes().filter((r) => !r.config.ownerOnly && r.config.feature !== ALWAYS_ON)) {
      for (const query of ['', '&scope=account']) {
        const res = await hit(route, fullToken, query);
        const message = res.statusCode === 403 ? json(res).message : undefined;
        if (message === ACCESS_MSG.ownerOnly || message === ACCOUNT_SCOPE_OWNER_ONLY) undeclared.push(`${route.method} ${route.url}${query}: ${message}`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('scope=account is the owner\'s only, on every route that offers it', async () => {
    const accountScoped = signedInRoutes().filter((r) => r.config.ownerOnly === 'scope=account');
    expect(accountScoped.map((r) => r.url)).toContain('/fm/v1/companies');
    const failures: string[] = [];
    for (const route of accountScoped) {
      const res = await hit(route, fullToken, '&scope=account');
      if (res.statusCode !== 403 || json(res).message !== ACCOUNT_SCOPE_OWNER_ONLY) failures.push(`${route.method} ${route.url}: member got ${res.statusCode}`);
      const mine = await hit(route, owner.token, '&scope=account');
      if (mine.statusCode === 403 || mine.statusCode >= 500) failures.push(`${route.method} ${route.url}: owner got ${mine.statusCode}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
