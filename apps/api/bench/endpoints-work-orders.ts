import type { BenchEndpoint, EndpointContext } from './endpoints';

const filters = (f: object) => encodeURIComponent(JSON.stringify(f));
/** The list as the screen asks for it: 40 rows per page from the server (spec doc 2 §9). */
const paged = (page = 1, perPage = 40) => `pagination=true&page=${page}&per_page=${perPage}`;

/** The Creadas tab's first three pages, with the contribution lists the screen shows. */
const createdPages =
  (perPage = 40) =>
  (c: EndpointContext) =>
    [1, 2, 3].map((p) => `work-orders?workspace_id=${c.workspaceId}&workspace=true&tab=created&contributions=true&${paged(p, perPage)}`);

/** Work-order lists per tab and one order by id at 100k orders (generate-work-orders.ts), as the web calls them. */
export const WORK_ORDER_ENDPOINTS: BenchEndpoint[] = [
  {
    name: 'work-orders tab Creadas (paged)',
    route: '/fm/v1/work-orders',
    auth: true,
    list: 'paged',
    path: createdPages(),
  },
  // what a browser gets (decision 0035): the same pages compressed; not held to the list targets, the bare server does not compress
  {
    name: 'work-orders tab Creadas (br, as a browser asks)',
    route: '/fm/v1/work-orders',
    auth: true,
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    path: createdPages(),
  },
  // the product's own screen pages its table on the server, 5 rows by default (5, 10 or 15: spec doc 2 "tables 5")
  {
    name: 'work-orders tab Creadas (5 a page, as the web table asks)',
    route: '/fm/v1/work-orders',
    auth: true,
    list: 'paged',
    path: createdPages(5),
  },
  { name: 'work-orders tab Planificadas (paged)', route: '/fm/v1/work-orders', auth: true, list: 'paged', path: (c) => `work-orders?workspace_id=${c.workspaceId}&workspace=true&tab=planned&${paged()}` },
  { name: 'work-orders tab Deshabilitados (paged)', route: '/fm/v1/work-orders', auth: true, list: 'paged', path: (c) => `work-orders?workspace_id=${c.workspaceId}&workspace=true&tab=disabled&${paged()}` },
  {
    name: 'work-orders Creadas status+search',
    route: '/fm/v1/work-orders',
    auth: true,
    list: 'paged',
    path: (c) => [
      `work-orders?workspace_id=${c.workspaceId}&workspace=true&tab=created&${paged()}&filters=${filters({ AND: [{ field: 'status_id', condition: 'is', value: 3 }] })}`,
      `work-orders?workspace_id=${c.workspaceId}&workspace=true&tab=created&${paged()}&search=lote`,
    ],
  },
  {
    name: 'work-orders?work_order_id (one order)',
    route: '/fm/v1/work-orders',
    auth: true,
    path: (c) => (c.workOrderIds?.length ? c.workOrderIds.map((id) => `work-orders?workspace_id=${c.workspaceId}&workspace=true&work_order_id=${id}`) : undefined),
  },
  // the printable order (issue 10 item 7: well under 100 ms): load + render, one per request
  {
    name: 'work-orders/pdf (one order)',
    route: '/fm/v1/work-orders/pdf',
    auth: true,
    path: (c) => (c.workOrderIds?.length ? c.workOrderIds.map((id) => `work-orders/pdf?workspace_id=${c.workspaceId}&workspace=true&work_order_id=${id}`) : undefined),
  },
];
