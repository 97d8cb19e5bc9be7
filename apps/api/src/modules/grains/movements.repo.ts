import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { foldAccents, GRAIN_MOVEMENT_STATUS, GRAIN_MOVEMENT_STATUSES, type GrainMovementRow } from '@fm/domain';
import type { Executor } from '../../db/client';
import { isoInstant, jsonNumber } from '../../db/json-sql';
import { carriers, companies, crops, destinations, farms, fieldCrops, fields, grainMovements, grainStocks, seasons, transports } from '../../db/schema/index';
import { listPage, pageTexts, type ListPlan, type ListSpec, type Page } from '../../http/list-query';
import { idsThenRows, type StatementShape } from '../../http/list-statement';
import { codeSearchCondition, codeSearchGroups, codeSearchValues } from './movement-code-search';

/**
 * Grain movements list (spec doc 3 "Grain movements list", §7): filters `movement.status` (contains 'tránsito' /
 * 'destino') and `movement.movement_id`, plus the ids the other screens need; newest first.
 */
export const movementList: ListSpec = {
  resource: 'movement',
  fields: {
    movement_id: { column: grainMovements.movement_id, type: 'number' },
    status: { column: grainMovements.status, type: 'string' },
    season_id: { column: grainMovements.season_id, type: 'number' },
    company_id: { column: grainMovements.company_id, type: 'number' },
    farm_id: { column: grainMovements.farm_id, type: 'number' },
    crop_id: { column: grainMovements.crop_id, type: 'number' },
    destination_id: { column: grainMovements.destination_id, type: 'number' },
    transport_id: { column: grainMovements.transport_id, type: 'number' },
    stock_id: { column: grainMovements.stock_id, type: 'number' },
    origin_stock_id: { column: grainMovements.origin_stock_id, type: 'number' },
    waybill: { column: grainMovements.waybill, type: 'string', verbatim: true },
    grain_traceability_code: { column: grainMovements.grain_traceability_code, type: 'string', verbatim: true },
    load_date: { column: grainMovements.load_date, type: 'date' },
    created_at: { column: grainMovements.created_at, type: 'date' },
  },
  defaultOrder: [desc(grainMovements.movement_id)],
};

const WHOLE_CTG = /^\d{11}$/;

/**
 * Filters the list's indexes can serve, rewritten from the screen's `contains` (a `contains` is a search: the list
 * engine counts and sorts every match, decision 0011), answering exactly the same rows:
 * - a word that names exactly one status is that status, an `is` the (workspace_id, status, movement_id) index serves;
 * - a whole CTG (11 digits) can only be contained in a CTG (varchar(11)) equal to it: an `is` on
 *   grain_movements_ctg_idx. Through the trigram index a whole CTG took 37 ms at 1M movements: every digit trigram
 *   is common.
 */
export function exactMovementFilters(raw: string | undefined): string | undefined {
  if (!raw) return raw;
  let json: { AND?: unknown[]; OR?: unknown[] };
  try {
    json = JSON.parse(raw) as typeof json;
  } catch {
    return raw; // the list engine answers the 400
  }
  if (typeof json !== 'object' || json === null) return raw;
  const fold = (v: string) => foldAccents(v).toLowerCase();
  const exact = (c: unknown) => {
    if (typeof c !== 'object' || c === null) return c;
    const cond = c as { field?: unknown; condition?: unknown; value?: unknown };
    if (cond.condition !== 'contains' || typeof cond.value !== 'string' || !cond.value.trim()) return c;
    if (cond.field === 'grain_traceability_code' || cond.field === 'movement.grain_traceability_code') return WHOLE_CTG.test(cond.value) ? { ...cond, condition: 'is' } : c;
    if (cond.field !== 'movement.status' && cond.field !== 'status') return c;
    const matches = GRAIN_MOVEMENT_STATUSES.filter((st) => fold(st).includes(fold(cond.value as string)));
    return matches.length === 1 ? { ...cond, condition: 'is', value: matches[0] } : c;
  };
  const out = { ...json };
  if (Array.isArray(json.AND)) out.AND = json.AND.map(exact);
  if (Array.isArray(json.OR)) out.OR = json.OR.map(exact);
  return JSON.stringify(out);
}

/**
 * The optional names of a row, each a scalar subquery on a primary key instead of a LEFT JOIN. With them as joins the
 * rows statement joined 14 relations, past `geqo_threshold`: 10–11 ms to plan on PostgreSQL for 0.7 ms of work.
 */
const partnerName = sql`(select p.name from ${companies} p where p.company_id = ${grainMovements.partner_id})`;
const farmName = sql`(select ${farms.name} from ${farms} where ${farms.farm_id} = ${grainMovements.farm_id})`;
const fieldName = sql`(select ${fields.name} from ${fields} where ${fields.field_id} = ${grainMovements.field_id})`;
const originDestinationName = sql`(select d.name from ${grainStocks} s join ${destinations} d on d.destination_id = s.destination_id
  where s.stock_id = ${grainMovements.origin_stock_id})`;

/**
 * A movement as the API answers it (GrainMovementRow), written by the database as JSON text: a page is spliced into
 * the answer, never mapped, shaped and serialised again in JavaScript (decision 0042, as 0031 did for work orders).
 * "Origen" is the origin stock's destination, else "lote | establecimiento" ('' without either); the company is the
 * partner when the movement has one.
 */
const movementJson = sql<string>`json_build_object(
  'movement_id', ${grainMovements.movement_id},
  'origin', coalesce(${originDestinationName}, concat_ws(' | ', ${fieldName}, ${farmName})),
  'origin_stock_id', ${grainMovements.origin_stock_id},
  'season_plan_id', (select ${fieldCrops.season_plan_id} from ${fieldCrops} where ${fieldCrops.field_crop_id} = ${grainMovements.field_crop_id}),
  'season_id', ${grainMovements.season_id}, 'season_name', ${seasons.name},
  'company_id', ${grainMovements.company_id}, 'company_name', coalesce(${partnerName}, ${companies.name}),
  'partner_id', ${grainMovements.partner_id}, 'partner_name', ${partnerName},
  'farm_id', ${grainMovements.farm_id}, 'farm_name', ${farmName},
  'field_id', ${grainMovements.field_id}, 'field_name', ${fieldName},
  'field_crop_id', ${grainMovements.field_crop_id},
  'crop_id', ${grainMovements.crop_id}, 'crop_name', ${crops.name}, 'crop_sequence_id', ${grainMovements.crop_sequence_id},
  'destination_id', ${grainMovements.destination_id}, 'destination_name', ${destinations.name}, 'destination_type', ${destinations.destination_type},
  'transport_id', ${grainMovements.transport_id}, 'transport_name', ${transports.name},
  'carrier_id', ${grainMovements.carrier_id}, 'carrier_name', (select ${carriers.name} from ${carriers} where ${carriers.carrier_id} = ${grainMovements.carrier_id}),
  'load_date', ${grainMovements.load_date},
  'origin_tons', ${jsonNumber(grainMovements.origin_tons)}, 'origin_humidity', ${jsonNumber(grainMovements.origin_humidity)},
  'destination_tons', ${jsonNumber(grainMovements.destination_tons)}, 'destination_humidity', ${jsonNumber(grainMovements.destination_humidity)},
  'waybill', ${grainMovements.waybill}, 'grain_traceability_code', ${grainMovements.grain_traceability_code},
  'chassis_patent', ${grainMovements.chassis_patent}, 'trailer_patent', ${grainMovements.trailer_patent},
  'freight_price', ${jsonNumber(grainMovements.freight_price)}, 'freight_exchange_rate', ${jsonNumber(grainMovements.freight_exchange_rate)},
  'status', ${grainMovements.status}, 'received_at', ${isoInstant(grainMovements.received_at)},
  'stock_id', ${grainMovements.stock_id}, 'created_at', ${isoInstant(grainMovements.created_at)}
)::text`;

function movementSelect(db: Executor) {
  return db
    .select({ json: movementJson })
    .from(grainMovements)
    .innerJoin(seasons, eq(seasons.season_id, grainMovements.season_id))
    .innerJoin(companies, eq(companies.company_id, grainMovements.company_id))
    .innerJoin(crops, eq(crops.crop_id, grainMovements.crop_id))
    .innerJoin(destinations, eq(destinations.destination_id, grainMovements.destination_id))
    .innerJoin(transports, eq(transports.transport_id, grainMovements.transport_id));
}

export type MovementRow = GrainMovementRow;
const parseMovement = (json: string) => JSON.parse(json) as MovementRow;

const live = (workspaceId: number) => and(eq(grainMovements.workspace_id, workspaceId), isNull(grainMovements.deleted_at));

/** A statement's optional parts: received into a stock; the code searches' groups (their numbers of alternatives). */
type MovementVariant = { stock: boolean; codeSearches: number[] };

/** The movements a request lists (grain_movements alone), with placeholders. */
function matchingMovements(db: Executor, s: StatementShape, variant: MovementVariant) {
  const where = and(
    eq(grainMovements.workspace_id, s.param('workspace')),
    isNull(grainMovements.deleted_at),
    s.where,
    codeSearchCondition(s, variant.codeSearches),
    variant.stock ? and(eq(grainMovements.stock_id, s.param('stock_id')), eq(grainMovements.status, GRAIN_MOVEMENT_STATUS.AT_DESTINATION)) : undefined,
  );
  return db.select({ id: grainMovements.movement_id }).from(grainMovements).where(where).$dynamic();
}

// every list field is a movement column: the page's ids come from grain_movements alone (an index walk), then only
// those rows are joined to their names. Two statements: as a LIMIT subquery joined last, the 14-relation join was
// past the planner's join_collapse_limit and joined every movement first (4.5 s at 920,000 movements)
const movementsList = idsThenRows({ matching: matchingMovements, id: grainMovements.movement_id, rows: movementSelect, name: 'grain_movements_by_id' });

/** What narrows the list besides its filters: the movements received into one stock (movementsOfStock). */
export type MovementNarrowing = { receivedInto?: number };

/** A page of movements as the JSON texts the database wrote (movementJson), to send as they are. */
export async function listMovementTexts(db: Executor, workspaceId: number, plan: ListPlan, narrowing: MovementNarrowing = {}): Promise<Page<string>> {
  const codeSearches = codeSearchGroups(plan.filters);
  const variant: MovementVariant = { stock: narrowing.receivedInto !== undefined, codeSearches: codeSearches.map((group) => group.length) };
  const values = { workspace: workspaceId, stock_id: narrowing.receivedInto, ...codeSearchValues(codeSearches) };
  return pageTexts(await listPage(db, plan, () => movementsList.page(db, plan, values, variant), movementsList.matching(db, plan, values, variant)));
}

export async function listMovements(db: Executor, workspaceId: number, plan: ListPlan, narrowing: MovementNarrowing = {}): Promise<Page<MovementRow>> {
  const page = await listMovementTexts(db, workspaceId, plan, narrowing);
  return { ...page, data: page.data.map(parseMovement) };
}

/** The workspace's movements with these ids (not deleted), in id order. */
export async function movementsByIds(db: Executor, workspaceId: number, ids: number[]): Promise<MovementRow[]> {
  if (!ids.length) return [];
  const rows = await movementSelect(db).where(and(live(workspaceId), inArray(grainMovements.movement_id, ids))).orderBy(grainMovements.movement_id);
  return rows.map((r) => parseMovement(r.json));
}
