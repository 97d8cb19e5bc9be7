import type { BenchEndpoint } from './endpoints';

const filters = (f: object) => encodeURIComponent(JSON.stringify(f));
const paged = (page = 1, perPage = 10) => `pagination=true&page=${page}&per_page=${perPage}`;

/** Inventory lists at 100k stock transactions (generate-inventory.ts), as the stock and transactions screens call them. */
export const INVENTORY_ENDPOINTS: BenchEndpoint[] = [
  { name: 'supplies/stocks (paged)', route: '/fm/v1/supplies/stocks', auth: true, list: 'paged', path: (c) => `supplies/stocks?workspace_id=${c.workspaceId}&${paged()}` },
  {
    name: 'supplies/stocks supply.name contains',
    route: '/fm/v1/supplies/stocks',
    auth: true,
    list: 'paged',
    path: (c) => `supplies/stocks?workspace_id=${c.workspaceId}&${paged(2)}&filters=${filters({ AND: [{ field: 'supply.name', condition: 'contains', value: 'glifo' }] })}`,
  },
  { name: 'supplies/stocks/transactions (paged)', route: '/fm/v1/supplies/stocks/transactions', auth: true, list: 'paged', path: (c) => `supplies/stocks/transactions?workspace_id=${c.workspaceId}&${paged(1, 15)}` },
  {
    name: 'supplies/stocks/transactions name+page 50',
    route: '/fm/v1/supplies/stocks/transactions',
    auth: true,
    list: 'paged',
    path: (c) => `supplies/stocks/transactions?workspace_id=${c.workspaceId}&${paged(50, 15)}&filters=${filters({ AND: [{ field: 'name', condition: 'is', value: 'USAGE' }] })}`,
  },
  { name: 'supplies/stocks/expired', route: '/fm/v1/supplies/stocks/expired', auth: true, list: 'unpaged', path: (c) => `supplies/stocks/expired?workspace_id=${c.workspaceId}` },
];
