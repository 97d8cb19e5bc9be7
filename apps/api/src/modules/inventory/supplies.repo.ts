import { and, asc, eq, gt, inArray, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { Filters, type FilterCond, foldAccents, invalidFilterValue, supplyTypeName, type Supply, type SupplyStock, type ToxicologicalBand } from '@fm/domain';
import type { Executor } from '../../db/client';
import { brands, stocks, supplies, units } from '../../db/schema/index';
import { folded } from '../../db/schema/common';
import { badRequest } from '../../http/errors';
import { listPage, type ListPlan, type ListSpec } from '../../http/list-query';
import { listStatements, type StatementShape } from '../../http/list-statement';

/**
 * Supplies list (spec doc 2 §7 "Inventory": by name via contains or similar_to, by id, by seed type and crop, by
 * company with stock, generic name). `name` and `generic.name` ignore accents and are served by trigram indexes.
 */
export const supplyList: ListSpec = {
  resource: 'supply',
  fields: {
    supply_id: { column: supplies.supply_id, type: 'number' },
    // folded here, not only by `contains`: `similar_to` and `is` compare the folded text too (their values folded below)
    name: { column: folded(supplies.name), type: 'string', verbatim: true },
    'generic.name': { column: folded(supplies.generic_name), type: 'string', verbatim: true },
    generic_name: { column: folded(supplies.generic_name), type: 'string', verbatim: true },
    supply_type_id: { column: supplies.supply_type_id, type: 'number' },
    'type.supply_type_id': { column: supplies.supply_type_id, type: 'number' },
    subtype: { column: supplies.subtype, type: 'string' },
    crop_id: { column: supplies.crop_id, type: 'number' },
    brand_id: { column: supplies.brand_id, type: 'number' },
    'brand.name': { column: brands.name, type: 'string' },
    'unit.unit_id': { column: supplies.unit_id, type: 'number' },
    unit_id: { column: supplies.unit_id, type: 'number' },
    formulation_denomination: { column: supplies.formulation_denomination, type: 'string' },
    concentration: { column: supplies.concentration, type: 'string' },
    senasa_registration: { column: supplies.senasa_registration, type: 'string' },
    toxicological_band: { column: supplies.toxicological_band, type: 'string' },
    eiq_value: { column: supplies.eiq_value, type: 'number' },
    own: { column: sql`(${supplies.workspace_id} is not null)`, type: 'boolean' },
    active: { column: supplies.active, type: 'boolean' },
  },
  defaultOrder: [asc(supplies.name), asc(supplies.supply_id)],
};

/** Filter fields searched with accents folded: their values are folded too. */
const FOLDED_FIELDS = new Set(['name', 'supply.name', 'generic.name', 'generic_name', 'supply.generic_name']);

/** Filter names that mean "the company holds stock of it" (stocks.company_id, quantity > 0). */
const COMPANY_FIELDS = new Set(['company_id', 'stock.company_id', 'stocks.company_id', 'supply.company_id']);

/**
 * Prepares `filters` for the list engine: folds the accents of the values searched on name and generic name, and
 * takes the company conditions out (they are not a column of supplies): `is` one company or `in` a list, under AND.
 * Returns the filters for the list engine and the company ids.
 */
export function prepareSupplyFilters(raw: string | undefined): { filters: string | undefined; companyIds: number[] | undefined } {
  if (!raw) return { filters: raw, companyIds: undefined };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { filters: raw, companyIds: undefined }; // the list engine answers the 400
  }
  const parsed = Filters.safeParse(json);
  if (!parsed.success) return { filters: raw, companyIds: undefined };
  const fold = (c: FilterCond): FilterCond => {
    if (!FOLDED_FIELDS.has(c.field)) return c;
    const value = Array.isArray(c.value) ? c.value.map((v) => (typeof v === 'string' ? foldAccents(v) : v)) : typeof c.value === 'string' ? foldAccents(c.value) : c.value;
    return { ...c, value };
  };
  let companyIds: number[] | undefined;
  const and = (parsed.data.AND ?? []).filter((c) => {
    if (!COMPANY_FIELDS.has(c.field)) return true;
    const values = c.condition === 'in' && Array.isArray(c.value) ? c.value : c.condition === 'is' && !Array.isArray(c.value) ? [c.value] : null;
    const ids = values?.map((v) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN));
    if (!ids || ids.some((n) => !Number.isInteger(n) || n <= 0)) throw badRequest(invalidFilterValue(c.field));
    companyIds = companyIds ? companyIds.filter((id) => ids.includes(id)) : ids;
    return false;
  });
  const filters = { ...(parsed.data.AND ? { AND: and.map(fold) } : {}), ...(parsed.data.OR ? { OR: parsed.data.OR.map(fold) } : {}) };
  return { filters: JSON.stringify(filters), companyIds };
}

/** The catalogue (workspace_id null) plus the workspace's own supplies. */
export const supplyVisible = (workspaceId: number | Placeholder) => or(isNull(supplies.workspace_id), eq(supplies.workspace_id, workspaceId)) as SQL;

/** A company of the workspace holds stock of the supply (`companyIds`: an int[] parameter). */
function withStockOf(workspaceId: Placeholder, companyIds: Placeholder): SQL {
  return sql`exists (select 1 from ${stocks} where ${stocks.supply_id} = ${supplies.supply_id} and ${stocks.workspace_id} = ${workspaceId} and ${stocks.company_id} = any(${companyIds}::int[]) and ${gt(stocks.quantity, '0')})`;
}

const supplyColumns = {
  supply_id: supplies.supply_id,
  workspace_id: supplies.workspace_id,
  name: supplies.name,
  brand_id: supplies.brand_id,
  brand_name: brands.name,
  generic_name: supplies.generic_name,
  concentration: supplies.concentration,
  formulation_denomination: supplies.formulation_denomination,
  supply_type_id: supplies.supply_type_id,
  subtype: supplies.subtype,
  unit_id: supplies.unit_id,
  unit_name: units.name,
  senasa_registration: supplies.senasa_registration,
  toxicological_band: supplies.toxicological_band,
  eiq_value: supplies.eiq_value,
  crop_id: supplies.crop_id,
  file_id: supplies.file_id,
};

export type SupplyListOptions = { companyIds?: number[]; supplyId?: number; includeInactive: boolean };

/** Inactive ones included, one supply asked for, and the companies whose stock narrows the list ('none': an empty list). */
type SupplyVariant = { all: boolean; byId: boolean; companies: '' | 'stock' | 'none' };
function supplyWhere(s: StatementShape, { all, byId, companies }: SupplyVariant) {
  return and(
    supplyVisible(s.param('workspace')),
    s.where,
    all ? undefined : eq(supplies.active, true),
    byId ? eq(supplies.supply_id, s.param('supply_id')) : undefined,
    companies === 'none' ? sql`false` : companies === 'stock' ? withStockOf(s.param('workspace'), s.param('companies')) : undefined,
  );
}

const suppliesList = listStatements({
  columns: supplyColumns,
  id: supplies.supply_id,
  // brand.name is the only filter on a joined table; every supply has its unit, read by the page's column only
  from: (select, s, variant: SupplyVariant) => select.from(supplies).leftJoin(brands, eq(brands.brand_id, supplies.brand_id)).where(supplyWhere(s, variant)),
  columnJoins: (filtered) => filtered.innerJoin(units, eq(units.unit_id, supplies.unit_id)),
});

/** One page of the supplies visible in the workspace (catalogue and own), with the list's filters. */
export async function listSupplies(db: Executor, workspaceId: number, plan: ListPlan, opts: SupplyListOptions) {
  const variant: SupplyVariant = { all: opts.includeInactive, byId: opts.supplyId !== undefined, companies: opts.companyIds ? (opts.companyIds.length ? 'stock' : 'none') : '' };
  const values = { workspace: workspaceId, supply_id: opts.supplyId, companies: opts.companyIds };
  return listPage(db, plan, () => suppliesList.page(db, plan, values, variant), suppliesList.matching(db, plan, values, variant));
}

export type SupplyRow = Awaited<ReturnType<typeof listSupplies>>['data'][number];

/** A supply visible in the workspace (catalogue or own), or undefined (another workspace's own supply). */
export async function findSupplyRow(db: Executor, workspaceId: number, supplyId: number): Promise<SupplyRow | undefined> {
  const [row] = await db
    .select(supplyColumns)
    .from(supplies)
    .innerJoin(units, eq(units.unit_id, supplies.unit_id))
    .leftJoin(brands, eq(brands.brand_id, supplies.brand_id))
    .where(and(eq(supplies.supply_id, supplyId), supplyVisible(workspaceId)));
  return row;
}

/** The workspace's stocks with quantity of each supply (optionally of some companies only), by supply id. */
async function stocksOf(db: Executor, workspaceId: number, supplyIds: number[], companyIds?: number[]): Promise<Map<number, SupplyStock[]>> {
  const out = new Map<number, SupplyStock[]>();
  if (!supplyIds.length) return out;
  const rows = await db
    .select({ supply_id: stocks.supply_id, stock_id: stocks.stock_id, company_id: stocks.company_id, unit_id: stocks.unit_id, unit_name: units.name, quantity: stocks.quantity })
    .from(stocks)
    .innerJoin(units, eq(units.unit_id, stocks.unit_id))
    .where(and(eq(stocks.workspace_id, workspaceId), inArray(stocks.supply_id, supplyIds), gt(stocks.quantity, '0'), companyIds ? inArray(stocks.company_id, companyIds) : undefined))
    .orderBy(asc(stocks.stock_id));
  for (const r of rows) {
    const stock: SupplyStock = { stock_id: r.stock_id, company: { company_id: r.company_id }, unit: { unit_id: r.unit_id, name: r.unit_name }, quantity: Number(r.quantity) };
    out.set(r.supply_id, [...(out.get(r.supply_id) ?? []), stock]);
  }
  return out;
}

/** URL of a stored file (served by GET files/:file_id to members of its workspace). */
export const fileUrl = (fileId: number | null) => (fileId === null ? null : `/fm/v1/files/${fileId}`);

/** API shape (issue 9 contract): brand, generic, type and unit as objects, own flag, and the workspace's stocks. */
export async function shapeSupplies(db: Executor, workspaceId: number, rows: SupplyRow[], companyIds?: number[]): Promise<Supply[]> {
  const stocksBySupply = await stocksOf(db, workspaceId, rows.map((r) => r.supply_id), companyIds);
  return rows.map((r) => ({
    supply_id: r.supply_id,
    name: r.name,
    brand: r.brand_id !== null && r.brand_name !== null ? { brand_id: r.brand_id, name: r.brand_name } : null,
    generic: r.generic_name ? { name: r.generic_name } : null,
    concentration: r.concentration,
    formulation_denomination: r.formulation_denomination,
    type: { supply_type_id: r.supply_type_id, name: supplyTypeName(r.supply_type_id) ?? '' },
    subtype: r.subtype,
    unit: { unit_id: r.unit_id, name: r.unit_name },
    senasa_registration: r.senasa_registration,
    toxicological_band: r.toxicological_band as ToxicologicalBand | null,
    eiq_value: r.eiq_value === null ? null : Number(r.eiq_value),
    crop_id: r.crop_id,
    file_url: fileUrl(r.file_id),
    own: r.workspace_id !== null,
    stocks: stocksBySupply.get(r.supply_id) ?? [],
  }));
}

/** An own supply of the workspace with the same name (any case) and brand, other than `exceptId`. */
export async function ownSupplyTaken(db: Executor, workspaceId: number, name: string, brandId: number | null, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: supplies.supply_id })
    .from(supplies)
    .where(and(eq(supplies.workspace_id, workspaceId), sql`lower(${supplies.name}) = lower(${name})`, brandId === null ? isNull(supplies.brand_id) : eq(supplies.brand_id, brandId)));
  return rows.some((r) => r.id !== exceptId);
}

/** Stock rows of the workspace that reference the supply (a supply in stock is not deleted). */
export async function supplyStockRows(db: Executor, workspaceId: number, supplyId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(stocks).where(and(eq(stocks.workspace_id, workspaceId), eq(stocks.supply_id, supplyId)));
  return Number(row?.n ?? 0);
}
