import { sql } from 'drizzle-orm';
import type { RouteEntry } from '../src/app';
import type { Executor } from '../src/db/client';
import { INVENTORY_ENDPOINTS } from './endpoints-inventory';
import { WORK_ORDER_ENDPOINTS } from './endpoints-work-orders';
import { GRAIN_ENDPOINTS } from './endpoints-grains';

/** Ids the endpoint URLs need, picked from the generated workspace. */
export type EndpointContext = {
  workspaceId: number;
  /** Buenos Aires: the province with the most districts. */
  stateId: number;
  /** The newest seasons (newest first) and one plan of the newest with many plots. */
  seasonIds: number[];
  seasonPlanId?: number;
  /** A few work orders of the workspace (newest), for the one-order read. */
  workOrderIds?: number[];
  /** The owner's sign-in. */
  ownerEmail: string;
  password: string;
};

export type BenchEndpoint = {
  name: string;
  /** Registered route that must exist for the endpoint to be measured. */
  route: string;
  /**
   * Paths and queries under /fm/v1, or undefined when the context lacks what it needs. Several = variants: each
   * connection cycles through them (pages, filters, search terms), and the baseline replays each one's SQL.
   */
  path(ctx: EndpointContext): string | string[] | undefined;
  /** Sends a bearer token: the owner's, or with `member` a workspace member's (permissions checked per module). */
  auth: boolean;
  member?: boolean;
  /** Writes: POST with one of these JSON bodies per request (cycled). No baseline: replaying INSERTs is not the same work. */
  method?: 'POST';
  bodies?(ctx: EndpointContext): unknown[];
  /** Deletes what the writes created: a reused bench database (BENCH_REUSE_DB) keeps the size it was generated at. */
  undo?(db: Executor): Promise<unknown>;
  /** More request headers, the app's side only (the bare server answers identically whatever they say). */
  headers?: Record<string, string>;
  /** A list: its app/baseline ratio is held to the issue-8 target (≥ 0.85) and its p99 to ≤ 20 ms when paged. */
  list?: 'paged' | 'unpaged';
};

const filters = (f: object) => encodeURIComponent(JSON.stringify(f));
const paged = (page = 1, perPage = 10) => `pagination=true&page=${page}&per_page=${perPage}`;
const contains = (field: string, value: string) => `filters=${filters({ AND: [{ field, condition: 'contains', value }] })}`;
/** Pages 1..n, as a user paging through a list. */
const pages = (n: number, make: (page: number) => string) => Array.from({ length: n }, (_, i) => make(i + 1));

/**
 * The main read endpoints, as the web calls them, each cycling pages, filters and search terms. An endpoint whose
 * route is not registered (module not built yet) is listed as skipped; add new ones here.
 */
export const ENDPOINTS: BenchEndpoint[] = [
  { name: 'health', route: '/fm/v1/health', auth: false, path: () => 'health' },
  { name: 'users/auth?renew', route: '/fm/v1/users/auth', auth: true, path: (c) => `users/auth?renew=true&workspace_id=${c.workspaceId}` },
  { name: 'users/auth?renew (member)', route: '/fm/v1/users/auth', auth: true, member: true, path: (c) => `users/auth?renew=true&workspace_id=${c.workspaceId}` },
  { name: 'geo-locations?state_id', route: '/fm/v1/geo-locations', auth: false, path: (c) => `geo-locations?state_id=${c.stateId}` },
  {
    name: 'seasons (paged)',
    route: '/fm/v1/seasons',
    auth: true,
    list: 'paged',
    path: (c) => [...pages(3, (p) => `seasons?workspace_id=${c.workspaceId}&${paged(p)}`), `seasons?workspace_id=${c.workspaceId}&${paged()}&filters=${filters({ AND: [{ field: 'active', condition: 'is', value: true }] })}`],
  },
  {
    name: 'seasons/plans?season_id',
    route: '/fm/v1/seasons/plans',
    auth: true,
    list: 'unpaged',
    path: (c) => (c.seasonIds.length ? c.seasonIds.slice(0, 3).map((id) => `seasons/plans?workspace_id=${c.workspaceId}&season_id=${id}`) : undefined),
  },
  {
    name: 'seasons/plans (paged)',
    route: '/fm/v1/seasons/plans',
    auth: true,
    list: 'paged',
    path: (c) => [
      ...pages(5, (p) => `seasons/plans?workspace_id=${c.workspaceId}&${paged(p)}`),
      `seasons/plans?workspace_id=${c.workspaceId}&${paged(2)}&${contains('company.name', 'agro')}`,
      `seasons/plans?workspace_id=${c.workspaceId}&${paged()}&${contains('farm.name', 'san')}`,
    ],
  },
  {
    name: 'seasons/plans (paged, member)',
    route: '/fm/v1/seasons/plans',
    auth: true,
    member: true,
    list: 'paged',
    path: (c) => pages(5, (p) => `seasons/plans?workspace_id=${c.workspaceId}&${paged(p)}`),
  },
  {
    name: 'fields/crops plan+contains',
    route: '/fm/v1/fields/crops',
    auth: true,
    list: 'paged',
    path: (c) =>
      c.seasonPlanId
        ? [
            `fields/crops?workspace_id=${c.workspaceId}&season_plan_id=${c.seasonPlanId}&${paged()}&${contains('field.name', 'lote')}`,
            `fields/crops?workspace_id=${c.workspaceId}&season_plan_id=${c.seasonPlanId}&${paged(2)}`,
            `fields/crops?workspace_id=${c.workspaceId}&season_plan_id=${c.seasonPlanId}&${paged()}&${contains('field.name', 'norte')}`,
          ]
        : undefined,
  },
  {
    name: 'fields/crops all+contains',
    route: '/fm/v1/fields/crops',
    auth: true,
    list: 'paged',
    path: (c) => [
      ...pages(3, (p) => `fields/crops?workspace_id=${c.workspaceId}&${paged(p)}&${contains('field.name', 'norte')}`),
      `fields/crops?workspace_id=${c.workspaceId}&${paged()}&${contains('field.name', 'bajo')}`,
      ...pages(3, (p) => `fields/crops?workspace_id=${c.workspaceId}&${paged(p * 7)}`),
    ],
  },
  {
    name: 'fields/crops all (member)',
    route: '/fm/v1/fields/crops',
    auth: true,
    member: true,
    list: 'paged',
    path: (c) => pages(4, (p) => `fields/crops?workspace_id=${c.workspaceId}&${paged(p)}`),
  },
  {
    name: 'companies (paged)',
    route: '/fm/v1/companies',
    auth: true,
    list: 'paged',
    path: (c) => [...pages(4, (p) => `companies?workspace_id=${c.workspaceId}&${paged(p)}`), `companies?workspace_id=${c.workspaceId}&${paged()}&${contains('name', 'agro')}`],
  },
  {
    name: 'farms (paged)',
    route: '/fm/v1/farms',
    auth: true,
    list: 'paged',
    // as the Establecimientos tab asks: the plots' count, not the plots (their boundaries are read by the edit form)
    path: (c) => [...pages(4, (p) => `farms?workspace_id=${c.workspaceId}&include=city,state&${paged(p)}`), `farms?workspace_id=${c.workspaceId}&include=city,state&${paged()}&${contains('name', 'san')}`],
  },
  {
    name: 'fields (paged)',
    route: '/fm/v1/fields',
    auth: true,
    list: 'paged',
    path: (c) => [...pages(4, (p) => `fields?workspace_id=${c.workspaceId}&${paged(p)}`), `fields?workspace_id=${c.workspaceId}&${paged()}&${contains('name', 'norte')}`],
  },
  {
    name: 'providers paged+search',
    route: '/fm/v1/providers',
    auth: true,
    list: 'paged',
    path: (c) => [
      `providers?workspace_id=${c.workspaceId}&${paged()}&filters=${filters({ OR: [{ field: 'name', condition: 'contains', value: 'agro' }] })}`,
      `providers?workspace_id=${c.workspaceId}&${paged()}&filters=${filters({ OR: [{ field: 'name', condition: 'contains', value: 'sur' }] })}`,
      ...pages(3, (p) => `providers?workspace_id=${c.workspaceId}&${paged(p)}`),
    ],
  },
  {
    name: 'POST users/signin',
    route: '/fm/v1/users/signin',
    auth: false,
    method: 'POST',
    path: () => 'users/signin',
    bodies: (c) => [{ email: c.ownerEmail, password: c.password }],
  },
  {
    name: 'POST providers (create)',
    route: '/fm/v1/providers',
    auth: true,
    method: 'POST',
    path: (c) => `providers?workspace_id=${c.workspaceId}`,
    bodies: () => Array.from({ length: 50 }, (_, i) => ({ name: `Proveedor bench ${i + 1}` })),
    // ~9,700 a run: kept, they made every later run's provider search slower (5,520 generated, 34,826 after three runs)
    undo: (db) =>
      db.execute(sql`with gone as (delete from providers where name like 'Proveedor bench %' returning provider_id)
        delete from workspace_entities we using gone where we.entity_type = 'providers' and we.entity_id = gone.provider_id`),
  },
  ...INVENTORY_ENDPOINTS,
  ...WORK_ORDER_ENDPOINTS,
  ...GRAIN_ENDPOINTS,
];

export function isRegistered(routes: RouteEntry[], route: string, method = 'GET'): boolean {
  return routes.some((r) => r.method === method && r.url === route);
}
