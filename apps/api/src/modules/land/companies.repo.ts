import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { AGREEMENT_TYPE_ID, seasonPlanLabel, type Company, type CompanyPartner } from '@fm/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Executor } from '../../db/client';
import { agreementPartners, companies, farms, seasonPlans, seasons } from '../../db/schema/index';
import { listPage, type ListPlan, type ListSpec } from '../../http/list-query';
import { sharedInto, sharedWorkspacesJson } from '../../http/sharing';
import type { Use } from '../../http/usage-checks';
import { scopeValues, visibleIn, visibleInShape, type ResourceScope } from '../../http/resource-scope';
import { listStatements, type StatementShape } from '../../http/list-statement';

export const companyList: ListSpec = {
  resource: 'company',
  fields: {
    company_id: { column: companies.company_id, type: 'number' },
    name: { column: companies.name, type: 'string' },
    tax_identifier: { column: companies.tax_identifier, type: 'string' },
    active: { column: companies.active, type: 'boolean' },
    company_type_id: { column: companies.company_type_id, type: 'number' },
    is_an_agreement: { column: sql`(${companies.company_type_id} = ${AGREEMENT_TYPE_ID})`, type: 'boolean' },
  },
  defaultOrder: [asc(companies.name), asc(companies.company_id)],
  searchesOnlyInFilters: true,
};

export const companyVisible = (scope: ResourceScope) => visibleIn(scope, 'companies', companies.company_id, companies.user_id);

export type CompanyRow = typeof companies.$inferSelect;

/** One page of the companies visible in the scope and its total. */
export async function listCompanies(db: Executor, scope: ResourceScope, plan: ListPlan) {
  const values = scopeValues(scope);
  return listPage(db, plan, () => companiesList.page(db, plan, values, scope.kind), companiesList.matching(db, plan, values, scope.kind));
}

const companyShapeWhere = (s: StatementShape, kind: ResourceScope['kind']) => and(visibleInShape(s, kind, 'companies', companies.company_id, companies.user_id), s.where);
const companyColumns = {
  company_id: companies.company_id,
  name: companies.name,
  tax_identifier: companies.tax_identifier,
  active: companies.active,
  company_type_id: companies.company_type_id,
};
const companiesList = listStatements({
  columns: companyColumns,
  id: companies.company_id,
  from: (select, s, kind: ResourceScope['kind']) => select.from(companies).where(companyShapeWhere(s, kind)),
});


export async function findCompany(db: Executor, scope: ResourceScope, companyId: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(and(eq(companies.company_id, companyId), companyVisible(scope)));
  return row;
}

/**
 * An agreement's partners `[{ agreement_partner_id, partner: { company_id, name }, contribution }]` as a JSON array,
 * for a statement that reads the agreement's id `id` (a company list's links, a season plan's company).
 */
export const partnersJson = (id: SQL | AnyPgColumn) =>
  sql<CompanyPartner[]>`(select coalesce(json_agg(json_build_object('agreement_partner_id', ap.agreement_partner_id,
      'partner', json_build_object('company_id', pc.company_id, 'name', pc.name), 'contribution', ap.contribution::float8) order by ap.agreement_partner_id), '[]'::json)
    from ${agreementPartners} ap join ${companies} pc on pc.company_id = ap.partner_id where ap.company_id = ${id})`;

type CompanyLinks = { company_id: number; partners: CompanyPartner[]; workspaces: Company['workspaces'] };

/**
 * API shape of companies: partners and the workspaces each is shared into, both read by ONE statement for the whole
 * page (two made a page of companies four round trips with the auth's; issue 8).
 */
export async function shapeCompanies(db: Executor, rows: Pick<CompanyRow, 'company_id' | 'name' | 'tax_identifier' | 'active' | 'company_type_id'>[]): Promise<Company[]> {
  if (!rows.length) return [];
  const links = await rowsOf<CompanyLinks>(
    db,
    sql`select i.id as company_id, ${partnersJson(sql`i.id`)} as partners, ${sharedWorkspacesJson('companies', sql`i.id`)} as workspaces
      from unnest(${sql.param(rows.map((r) => r.company_id))}::int[]) as i(id)`,
  );
  const byId = new Map(links.map((l) => [l.company_id, l]));
  return rows.map((r) => ({
    company_id: r.company_id,
    name: r.name,
    tax_identifier: r.tax_identifier,
    active: r.active,
    company_type_id: r.company_type_id,
    is_an_agreement: r.company_type_id === AGREEMENT_TYPE_ID,
    partners: byId.get(r.company_id)?.partners ?? [],
    workspaces: byId.get(r.company_id)?.workspaces ?? [],
  }));
}

/** Replaces the partners of an agreement of the account `ownerId` (partners have no tenant column: their agreement's is checked). */
export async function replacePartners(db: Executor, ownerId: number, companyId: number, partners: { partner_id: number; contribution: number }[]): Promise<void> {
  const ofAccount = sql`exists (select 1 from ${companies} where ${companies.company_id} = ${agreementPartners.company_id} and ${companies.user_id} = ${ownerId})`;
  await db.delete(agreementPartners).where(and(eq(agreementPartners.company_id, companyId), ofAccount));
  if (partners.length) await db.insert(agreementPartners).values(partners.map((p) => ({ company_id: companyId, partner_id: p.partner_id, contribution: p.contribution })));
}

/** Companies of the account among `ids` (partners must belong to the same account). */
export async function accountCompanyIds(db: Executor, ownerId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: companies.company_id }).from(companies).where(and(eq(companies.user_id, ownerId), inArray(companies.company_id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function taxIdTaken(db: Executor, ownerId: number, taxId: string, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: companies.company_id }).from(companies).where(and(eq(companies.user_id, ownerId), eq(companies.tax_identifier, taxId)));
  return rows.some((r) => r.id !== exceptId);
}

/** The season plans using a company or a farm (deletion refusals), labelled, with whether each is in `workspaceId`. */
export async function plansUsing(db: Executor, by: { company_id?: number; farm_id?: number }, workspaceId: number): Promise<Use[]> {
  const where = by.company_id !== undefined ? eq(seasonPlans.company_id, by.company_id) : eq(seasonPlans.farm_id, by.farm_id ?? 0);
  const rows = await db
    .select({ season: seasons.name, company: companies.name, farm: farms.name, workspace_id: seasonPlans.workspace_id })
    .from(seasonPlans)
    .innerJoin(seasons, eq(seasons.season_id, seasonPlans.season_id))
    .innerJoin(companies, eq(companies.company_id, seasonPlans.company_id))
    .innerJoin(farms, eq(farms.farm_id, seasonPlans.farm_id))
    .where(where)
    .orderBy(asc(seasons.name));
  return rows.map((r) => ({ name: seasonPlanLabel(r.season, r.company, r.farm), inViewerWorkspace: r.workspace_id === workspaceId }));
}

/** Agreements in which the company is a partner, with whether each is shared into `workspaceId`. */
export async function agreementsWithPartner(db: Executor, partnerId: number, workspaceId: number): Promise<Use[]> {
  return db
    .select({ name: companies.name, inViewerWorkspace: sharedInto('companies', companies.company_id, workspaceId).mapWith(Boolean) })
    .from(agreementPartners)
    .innerJoin(companies, eq(companies.company_id, agreementPartners.company_id))
    .where(eq(agreementPartners.partner_id, partnerId))
    .orderBy(asc(companies.name));
}
