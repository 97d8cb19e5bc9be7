import type { RouteEntry } from '../src/app';

/** Ids the endpoint URLs need, picked from the generated workspace. */
export type EndpointContext = {
  workspaceId: number;
  /** Buenos Aires: the province with the most districts. */
  stateId: number;
  /** The newest season and one of its plans with many plots. */
  seasonId?: number;
  seasonPlanId?: number;
};

export type BenchEndpoint = {
  name: string;
  /** Registered route (method GET) that must exist for the endpoint to be measured. */
  route: string;
  /** Path and query under /fm/v1, or undefined when the context lacks what it needs. */
  path(ctx: EndpointContext): string | undefined;
  /** Sends the bench user's bearer token. */
  auth: boolean;
};

const filters = (f: object) => encodeURIComponent(JSON.stringify(f));
const paged = (page = 1, perPage = 10) => `pagination=true&page=${page}&per_page=${perPage}`;

/**
 * The main read endpoints, as the web calls them. An endpoint whose route is not registered
 * (module not built yet) is listed as skipped; add new ones here.
 */
export const ENDPOINTS: BenchEndpoint[] = [
  { name: 'health', route: '/fm/v1/health', auth: false, path: () => 'health' },
  { name: 'users/auth?renew', route: '/fm/v1/users/auth', auth: true, path: (c) => `users/auth?renew=true&workspace_id=${c.workspaceId}` },
  { name: 'geo-locations?state_id', route: '/fm/v1/geo-locations', auth: false, path: (c) => `geo-locations?state_id=${c.stateId}` },
  { name: 'seasons (paged)', route: '/fm/v1/seasons', auth: true, path: (c) => `seasons?workspace_id=${c.workspaceId}&${paged()}` },
  {
    name: 'seasons/plans?season_id',
    route: '/fm/v1/seasons/plans',
    auth: true,
    path: (c) => (c.seasonId ? `seasons/plans?workspace_id=${c.workspaceId}&season_id=${c.seasonId}` : undefined),
  },
  { name: 'seasons/plans (paged)', route: '/fm/v1/seasons/plans', auth: true, path: (c) => `seasons/plans?workspace_id=${c.workspaceId}&${paged(3)}` },
  {
    name: 'fields/crops plan+contains',
    route: '/fm/v1/fields/crops',
    auth: true,
    path: (c) =>
      c.seasonPlanId
        ? `fields/crops?workspace_id=${c.workspaceId}&season_plan_id=${c.seasonPlanId}&${paged()}&filters=${filters({ AND: [{ field: 'field.name', condition: 'contains', value: 'lote' }] })}`
        : undefined,
  },
  {
    name: 'fields/crops all+contains',
    route: '/fm/v1/fields/crops',
    auth: true,
    path: (c) => `fields/crops?workspace_id=${c.workspaceId}&${paged(2)}&filters=${filters({ AND: [{ field: 'field.name', condition: 'contains', value: 'norte' }] })}`,
  },
  { name: 'companies (paged)', route: '/fm/v1/companies', auth: true, path: (c) => `companies?workspace_id=${c.workspaceId}&${paged()}` },
  { name: 'farms (paged)', route: '/fm/v1/farms', auth: true, path: (c) => `farms?workspace_id=${c.workspaceId}&${paged()}` },
  {
    name: 'providers paged+search',
    route: '/fm/v1/providers',
    auth: true,
    path: (c) => `providers?workspace_id=${c.workspaceId}&${paged()}&filters=${filters({ OR: [{ field: 'name', condition: 'contains', value: 'agro' }] })}`,
  },
];

export function isRegistered(routes: RouteEntry[], route: string, method = 'GET'): boolean {
  return routes.some((r) => r.method === method && r.url === route);
}
