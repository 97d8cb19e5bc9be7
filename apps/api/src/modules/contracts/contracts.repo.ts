import { and, desc, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgSelectBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { buyers, companies, crops, destinations, grainContractMovements, grainContracts, grainMovements, seasons } from '../../db/schema/index';
import { containsPattern, listPage, matchesFolded, type ListPlan, type ListSpec } from '../../http/list-query';
import { listStatements, type StatementShape } from '../../http/list-statement';

/**
 * Contracts list (spec doc 3 "Contracts list", §7 "Contracts"): filters by contract id, crop id and status; the
 * search reaches the joined names (campaña, empresa, producto, comprador).
 */
export const contractList: ListSpec = {
  resource: 'contract',
  fields: {
    contract_id: { column: grainContracts.contract_id, type: 'number' },
    crop_id: { column: grainContracts.crop_id, type: 'number' },
    company_id: { column: grainContracts.company_id, type: 'number' },
    season_id: { column: grainContracts.season_id, type: 'number' },
    buyer_id: { column: grainContracts.buyer_id, type: 'number' },
    status: { column: grainContracts.status, type: 'string' },
    contract_number: { column: grainContracts.contract_number, type: 'string' },
    tons: { column: grainContracts.tons, type: 'number' },
    price: { column: grainContracts.price, type: 'number' },
    deadline: { column: grainContracts.deadline, type: 'date' },
    'season.name': { column: seasons.name, type: 'string' },
    'company.name': { column: companies.name, type: 'string' },
    'crop.name': { column: crops.name, type: 'string' },
    'buyer.name': { column: buyers.name, type: 'string' },
  },
  defaultOrder: [desc(grainContracts.contract_id)],
};

/**
 * Destino of a contract (the list's Destino column, decision: the destination of its latest delivery, else the
 * buyer's own Acopio destination, else null): what the grain was delivered to, or where the buyer receives it.
 * The outer columns are qualified by hand (drizzle may leave a column unqualified, which the subquery would rebind).
 */
const destinationName = sql<string | null>`coalesce(
  (select d.name from ${grainContractMovements} cm
     join ${grainMovements} m on m.movement_id = cm.movement_id
     join ${destinations} d on d.destination_id = m.destination_id
   where cm.contract_id = "grain_contracts"."contract_id" and cm.workspace_id = "grain_contracts"."workspace_id"
   order by cm.delivery_date desc, cm.contract_movement_id desc limit 1),
  (select d.name from ${destinations} d where d.buyer_id = "grain_contracts"."buyer_id" and d.active order by d.destination_id limit 1)
)`;

export const contractColumns = {
  contract_id: grainContracts.contract_id,
  company_id: grainContracts.company_id,
  season_id: grainContracts.season_id,
  crop_id: grainContracts.crop_id,
  buyer_id: grainContracts.buyer_id,
  agreement_id: grainContracts.agreement_id,
  contract_number: grainContracts.contract_number,
  tons: grainContracts.tons,
  tons_delivered: grainContracts.tons_delivered,
  deadline: grainContracts.deadline,
  condition: grainContracts.condition,
  exchange_rate: grainContracts.exchange_rate,
  price: grainContracts.price,
  trade: grainContracts.trade,
  observations: grainContracts.observations,
  status: grainContracts.status,
  created_at: grainContracts.created_at,
  season_name: seasons.name,
  company_name: companies.name,
  crop_name: crops.name,
  buyer_name: buyers.name,
  destination: destinationName,
};

/** The contracts with their names (season, company, crop, buyer): the list's FROM and joins for its page and count. */
function withNames(select: PgSelectBuilder<typeof contractColumns>, where: SQL | undefined) {
  return select
    .from(grainContracts)
    .innerJoin(seasons, eq(seasons.season_id, grainContracts.season_id))
    .innerJoin(companies, eq(companies.company_id, grainContracts.company_id))
    .innerJoin(crops, eq(crops.crop_id, grainContracts.crop_id))
    .innerJoin(buyers, eq(buyers.buyer_id, grainContracts.buyer_id))
    .where(where);
}
const selectContracts = (db: Executor, where: SQL | undefined) => withNames(db.select(contractColumns), where);

export type ContractRow = Awaited<ReturnType<typeof selectContracts>>[number];

/** pending = committed − delivered, to 2 decimals (spec §9). */
export function shapeContract(r: ContractRow) {
  const pending = Math.max(0, Number(r.tons) - Number(r.tons_delivered));
  return { ...r, pending: pending.toFixed(2) };
}
export type ShapedContract = ReturnType<typeof shapeContract>;

/** Free-text search (the list's search box) over number and names; `like` is the bound pattern. */
function contractSearch(like: Placeholder): SQL {
  return or(...[grainContracts.contract_number, companies.name, crops.name, buyers.name, seasons.name].map((text) => matchesFolded(text, like))) as SQL;
}

/** What narrows the list besides its filters: the search box and `contract_id`. */
export type ContractNarrowing = { search?: string; contractId?: number };

/** The list's WHERE with placeholders; the variant names the narrowings present. */
type ContractVariant = { search: boolean; byId: boolean };
function contractWhere(s: StatementShape, { search, byId }: ContractVariant) {
  return and(eq(grainContracts.workspace_id, s.param('workspace')), s.where, search ? contractSearch(s.param('like')) : undefined, byId ? eq(grainContracts.contract_id, s.param('contract_id')) : undefined);
}

const contracts = listStatements({
  columns: contractColumns,
  id: grainContracts.contract_id,
  from: (select, s, variant: ContractVariant) => withNames(select, contractWhere(s, variant)),
});

/** One page of the workspace's contracts. */
export async function listContracts(db: Executor, workspaceId: number, plan: ListPlan, narrowing: ContractNarrowing = {}) {
  const like = containsPattern(narrowing.search);
  const variant: ContractVariant = { search: like !== undefined, byId: narrowing.contractId !== undefined };
  const values = { workspace: workspaceId, like, contract_id: narrowing.contractId };
  const page = await listPage(db, plan, () => contracts.page(db, plan, values, variant), contracts.matching(db, plan, values, variant));
  return { data: page.data.map(shapeContract), extra: page.extra };
}

/** One contract of the workspace in the list's shape, or undefined. */
export async function findContract(db: Executor, workspaceId: number, contractId: number): Promise<ShapedContract | undefined> {
  const [row] = await selectContracts(db, and(eq(grainContracts.workspace_id, workspaceId), eq(grainContracts.contract_id, contractId)));
  return row ? shapeContract(row) : undefined;
}

/** The contract row of the workspace, locked FOR UPDATE for the rest of the transaction. */
export async function lockContract(tx: Executor, workspaceId: number, contractId: number) {
  const [row] = await tx
    .select()
    .from(grainContracts)
    .where(and(eq(grainContracts.workspace_id, workspaceId), eq(grainContracts.contract_id, contractId)))
    .for('update');
  return row;
}
export type LockedContract = typeof grainContracts.$inferSelect;
