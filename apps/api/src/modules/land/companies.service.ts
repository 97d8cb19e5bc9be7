import { and, eq } from 'drizzle-orm';
import { ADDON_ID, AGREEMENT_TYPE_ID, CAPACITY_MSG, LAND_MSG, type Company, type CompanyBody, type CompanyUpdateBody, type PartnerInput } from '@fm/domain';
import type { Executor } from '../../db/client';
import { companies } from '../../db/schema/index';
import { AppError, notFound, type Detail } from '../../http/errors';
import { assertUnused, viewerOf } from '../../http/usage-checks';
import { assertCapacity } from '../plans/index';
import { assertSharingOwner, setSharing, share, unshareAll } from '../../http/sharing';
import { accountCompanyIds, companyVisible, findCompany, replacePartners, shapeCompanies, taxIdTaken } from './companies.repo';
import type { ResourceScope } from '../../http/resource-scope';

export const COMPANY_NOT_FOUND = 'La empresa no existe o no está compartida en este espacio de trabajo';

/** Partners belong to the same account, are not the agreement itself, and only agreements have them. */
async function checkPartners(db: Executor, ownerId: number, companyId: number | undefined, partners: PartnerInput[]): Promise<void> {
  const known = await accountCompanyIds(db, ownerId, partners.map((p) => p.partner_id));
  const detail = partners.flatMap((p, i): Detail[] => {
    if (p.partner_id === companyId) return [{ loc: ['body', 'partners', i, 'partner_id'], msg: LAND_MSG.partnerSelf }];
    if (!known.has(p.partner_id)) return [{ loc: ['body', 'partners', i, 'partner_id'], msg: LAND_MSG.partnerNotFound }];
    return [];
  });
  if (detail.length) throw new AppError('VALIDATION', detail[0].msg, detail);
}

async function checkTaxId(db: Executor, ownerId: number, taxId: string, exceptId?: number): Promise<void> {
  if (await taxIdTaken(db, ownerId, taxId, exceptId)) throw new AppError('VALIDATION', LAND_MSG.taxIdTaken, [{ loc: ['body', 'tax_identifier'], msg: LAND_MSG.taxIdTaken }]);
}

/** Creates a company owned by the workspace's owner and shares it into the workspace (and the listed ones). */
export async function createCompany(db: Executor, scope: ResourceScope, actorId: number, body: CompanyBody): Promise<Company> {
  if (body.workspaces) assertSharingOwner(scope.ownerId, actorId);
  return db.transaction(async (tx) => {
    // the Empresas add-on: plan's included companies + purchased (doc 1 §2.10, decision 0005)
    await assertCapacity(tx, scope.ownerId, ADDON_ID.COMPANIES, CAPACITY_MSG.companies);
    await checkTaxId(tx, scope.ownerId, body.tax_identifier);
    const partners = body.company_type_id === AGREEMENT_TYPE_ID ? (body.partners ?? []) : [];
    await checkPartners(tx, scope.ownerId, undefined, partners);
    const [row] = await tx
      .insert(companies)
      .values({ user_id: scope.ownerId, name: body.name, tax_identifier: body.tax_identifier, active: body.active ?? true, company_type_id: body.company_type_id, created_by: actorId, updated_by: actorId })
      .returning();
    await replacePartners(tx, scope.ownerId, row.company_id, partners);
    if (body.workspaces) await setSharing(tx, { type: 'companies', id: row.company_id, ownerId: scope.ownerId }, actorId, [...new Set([...body.workspaces, scope.workspaceId])]);
    else await share(tx, 'companies', row.company_id, [scope.workspaceId]);
    const [shaped] = await shapeCompanies(tx, [row]);
    return shaped;
  });
}

/** Edits a visible company; `workspaces` replaces its sharing (owned workspaces only), `active` toggles it. */
export async function updateCompany(db: Executor, scope: ResourceScope, actorId: number, companyId: number, body: CompanyUpdateBody): Promise<Company> {
  return db.transaction(async (tx) => {
    const current = await findCompany(tx, scope, companyId);
    if (!current) throw notFound(COMPANY_NOT_FOUND);
    if (body.workspaces) assertSharingOwner(current.user_id, actorId);
    if (body.tax_identifier) await checkTaxId(tx, current.user_id, body.tax_identifier, companyId);
    const typeId = body.company_type_id ?? current.company_type_id;
    const [row] = await tx
      .update(companies)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.tax_identifier !== undefined ? { tax_identifier: body.tax_identifier } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
        company_type_id: typeId,
        updated_at: new Date(),
        updated_by: actorId,
      })
      .where(and(eq(companies.company_id, companyId), companyVisible(scope)))
      .returning();
    if (typeId !== AGREEMENT_TYPE_ID) await replacePartners(tx, current.user_id, companyId, []);
    else if (body.partners) {
      await checkPartners(tx, current.user_id, companyId, body.partners);
      await replacePartners(tx, current.user_id, companyId, body.partners);
    }
    if (body.workspaces) await setSharing(tx, { type: 'companies', id: companyId, ownerId: current.user_id }, actorId, body.workspaces);
    const [shaped] = await shapeCompanies(tx, [row]);
    return shaped;
  });
}

/** Deletes a company nobody uses: refused (409) while season plans use it, it is a partner, or it has partners. */
export async function deleteCompany(db: Executor, scope: ResourceScope, companyId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findCompany(tx, scope, companyId);
    if (!current) throw notFound(COMPANY_NOT_FOUND);
    await assertUnused(tx, 'companies', companyId, 'la empresa', viewerOf(scope));
    // the links go last: in a workspace scope they are what makes the company visible
    await tx.delete(companies).where(and(eq(companies.company_id, companyId), companyVisible(scope)));
    await unshareAll(tx, 'companies', companyId);
  });
}
