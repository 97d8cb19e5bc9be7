import Big from 'big.js';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { agreementPartners, buyers, companies, crops, grainContracts, seasons } from '../../db/schema/index';
import { AppError, conflict, notFound } from '../../http/errors';
import { sharedInto } from '../../http/sharing';
import { contractStatus, roundTons, type ContractBody } from '@fm/domain';
import { CONTRACT_TEXT } from './contracts.rules';
import { findContract, lockContract, type ShapedContract } from './contracts.repo';

export type Actor = { workspaceId: number; userId: number };

const fail = (field: string, msg: string) => new AppError('VALIDATION', msg, [{ loc: ['body', field], msg }]);

/**
 * Checks the ids of a contract body against the workspace: company and buyer shared into it, its season, a known
 * crop (another workspace's ids answer 404 without naming them); agreement_id only a company of type 2 shared into
 * the workspace whose partners include the chosen company (422 otherwise).
 */
async function checkReferences(db: Executor, workspaceId: number, body: ContractBody): Promise<void> {
  const [company] = await db
    .select({ id: companies.company_id })
    .from(companies)
    .where(and(eq(companies.company_id, body.company_id), sharedInto('companies', companies.company_id, workspaceId)));
  if (!company) throw notFound(CONTRACT_TEXT.companyNotFound);
  const [season] = await db.select({ id: seasons.season_id }).from(seasons).where(and(eq(seasons.season_id, body.season_id), eq(seasons.workspace_id, workspaceId)));
  if (!season) throw notFound(CONTRACT_TEXT.seasonNotFound);
  const [crop] = await db.select({ id: crops.crop_id }).from(crops).where(eq(crops.crop_id, body.crop_id));
  if (!crop) throw notFound(CONTRACT_TEXT.cropNotFound);
  const [buyer] = await db.select({ id: buyers.buyer_id }).from(buyers).where(and(eq(buyers.buyer_id, body.buyer_id), sharedInto('buyers', buyers.buyer_id, workspaceId)));
  if (!buyer) throw notFound(CONTRACT_TEXT.buyerNotFound);
  if (body.agreement_id != null) {
    const [agreement] = await db
      .select({ type: companies.company_type_id, partner: agreementPartners.partner_id })
      .from(companies)
      .leftJoin(agreementPartners, and(eq(agreementPartners.company_id, companies.company_id), eq(agreementPartners.partner_id, body.company_id)))
      .where(and(eq(companies.company_id, body.agreement_id), sharedInto('companies', companies.company_id, workspaceId)));
    if (!agreement || agreement.type !== 2 || agreement.partner === null) throw fail('agreement_id', CONTRACT_TEXT.agreementNotOfCompany);
  }
}

/** The contract columns a body writes (numbers as the numeric columns' text). */
function columnsOf(body: ContractBody) {
  return {
    company_id: body.company_id,
    season_id: body.season_id,
    crop_id: body.crop_id,
    buyer_id: body.buyer_id,
    agreement_id: body.agreement_id,
    contract_number: body.contract_number,
    tons: roundTons(body.tons),
    deadline: body.deadline,
    condition: body.condition,
    exchange_rate: body.exchange_rate,
    price: body.price,
    trade: body.trade,
    observations: body.observations,
  };
}

async function shaped(db: Executor, workspaceId: number, contractId: number): Promise<ShapedContract> {
  const row = await findContract(db, workspaceId, contractId);
  if (!row) throw notFound(CONTRACT_TEXT.notFound);
  return row;
}

/** Creates a Sin entregar contract. */
export async function createContract(db: Executor, actor: Actor, body: ContractBody): Promise<ShapedContract> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, actor.workspaceId, body);
    const [row] = await tx
      .insert(grainContracts)
      .values({ ...columnsOf(body), workspace_id: actor.workspaceId, tons_delivered: '0', status: contractStatus(columnsOf(body).tons, '0'), created_by: actor.userId, updated_by: actor.userId })
      .returning({ id: grainContracts.contract_id });
    return shaped(tx, actor.workspaceId, row.id);
  });
}

/**
 * Edits a contract (locked: a concurrent delivery waits). The committed tons may not go below the delivered ones;
 * the status is recomputed from the new committed tons.
 */
export async function updateContract(db: Executor, actor: Actor, contractId: number, body: ContractBody): Promise<ShapedContract> {
  return db.transaction(async (tx) => {
    const current = await lockContract(tx, actor.workspaceId, contractId);
    if (!current) throw notFound(CONTRACT_TEXT.notFound);
    await checkReferences(tx, actor.workspaceId, body);
    const cols = columnsOf(body);
    if (new Big(cols.tons).lt(current.tons_delivered)) throw fail('tons', CONTRACT_TEXT.tonsBelowDelivered(new Big(current.tons_delivered).toFixed(2)));
    if (new Big(current.tons_delivered).gt(0) && cols.crop_id !== current.crop_id) throw fail('crop_id', CONTRACT_TEXT.cropLocked);
    await tx
      .update(grainContracts)
      .set({ ...cols, status: contractStatus(cols.tons, current.tons_delivered), updated_at: new Date(), updated_by: actor.userId })
      .where(and(eq(grainContracts.workspace_id, actor.workspaceId), eq(grainContracts.contract_id, contractId)));
    return shaped(tx, actor.workspaceId, contractId);
  });
}

/** Deletes a Sin entregar contract (locked first, so a concurrent delivery either lands before and blocks it or finds it gone). */
export async function deleteContract(db: Executor, actor: Actor, contractId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockContract(tx, actor.workspaceId, contractId);
    if (!current) throw notFound(CONTRACT_TEXT.notFound);
    if (current.status !== 'Sin entregar' || new Big(current.tons_delivered).gt(0)) throw conflict(CONTRACT_TEXT.deleteOnlyUndelivered);
    await tx.delete(grainContracts).where(and(eq(grainContracts.workspace_id, actor.workspaceId), eq(grainContracts.contract_id, contractId)));
  });
}
