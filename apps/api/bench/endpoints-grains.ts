import type { BenchEndpoint } from './endpoints';

const filters = (f: object) => encodeURIComponent(JSON.stringify(f));
/** The list as the screen asks for it: page size 5, steps 5, 10 and 15 (spec doc 3 §9). */
const paged = (page = 1, perPage = 15) => `pagination=true&page=${page}&per_page=${perPage}`;
const status = (word: string) => filters({ AND: [{ field: 'movement.status', condition: 'contains', value: word }] });

/** Grain movements at 100k (generate-grains.ts), as the web calls them: the status filter, its pages, one movement; grain stocks. */
export const GRAIN_ENDPOINTS: BenchEndpoint[] = [
  {
    name: 'grains/movements En tránsito (paged)',
    route: '/fm/v1/grains/movements',
    auth: true,
    list: 'paged',
    path: (c) => [1, 2, 3].map((p) => `grains/movements?workspace_id=${c.workspaceId}&workspace=true&${paged(p)}&filters=${status('tránsito')}`),
  },
  {
    name: 'grains/movements En destino (paged)',
    route: '/fm/v1/grains/movements',
    auth: true,
    list: 'paged',
    path: (c) => [1, 2, 50].map((p) => `grains/movements?workspace_id=${c.workspaceId}&workspace=true&${paged(p)}&filters=${status('destino')}`),
  },
  {
    name: 'grains/movements one movement (filter movement_id)',
    route: '/fm/v1/grains/movements',
    auth: true,
    list: 'paged',
    path: (c) => [1, 5_000, 50_000].map((id) => `grains/movements?workspace_id=${c.workspaceId}&workspace=true&${paged(1, 5)}&filters=${filters({ AND: [{ field: 'movement.movement_id', condition: 'is', value: id }] })}`),
  },
  {
    // the screen's search box under its status: Carta de porte or CTG contains the text (a whole CTG; a carta de porte's
    // point of issue and first digits, 1,000 matches at 1M; a fragment)
    name: 'grains/movements search CTG / carta de porte',
    route: '/fm/v1/grains/movements',
    auth: true,
    list: 'paged',
    path: (c) =>
      ['10100123456', '00001-00012', '0045678'].map(
        (text) => `grains/movements?workspace_id=${c.workspaceId}&workspace=true&${paged()}&filters=${filters({ AND: [{ field: 'movement.status', condition: 'contains', value: 'destino' }], OR: ['waybill', 'grain_traceability_code'].map((field) => ({ field, condition: 'contains', value: text })) })}`,
      ),
  },
  { name: 'grains/stocks (paged)', route: '/fm/v1/grains/stocks', auth: true, list: 'paged', path: (c) => `grains/stocks?workspace_id=${c.workspaceId}&workspace=true&${paged()}` },
];
