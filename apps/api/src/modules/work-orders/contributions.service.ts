import { CONTRIBUTION_MSG, WORK_ORDER_MSG, type ContributionsBody, type WorkOrder } from '@fm/domain';
import type { Executor } from '../../db/client';
import { AppError, notFound, type Detail } from '../../http/errors';
import { deleteLabor, deleteSupply, insertLabor, insertSupply, orderOfContribution, updateLabor, updateSupply } from './contributions.repo';
import { loadWorkOrder } from './work-orders.load';
import { assertEditable } from './work-orders.policy';
import { lockOrder } from './work-orders.repo';

type Actor = { workspaceId: number; userId: number };
type Kind = 'labor' | 'supply';

/**
 * Locks the order of the workspace and loads it: 404 for another workspace's id, 409 when disabled, 422 'Aportes no
 * disponible para esta compania' unless its company is an agreement (doc 2 §5).
 */
async function lockedAgreementOrder(tx: Executor, actor: Actor, workOrderId: number): Promise<WorkOrder> {
  const row = await lockOrder(tx, actor.workspaceId, workOrderId);
  if (!row) throw notFound(WORK_ORDER_MSG.notFound);
  assertEditable(row);
  const order = await loadWorkOrder(tx, actor.workspaceId, workOrderId);
  if (!order) throw notFound(WORK_ORDER_MSG.notFound);
  if (!order.company.is_an_agreement) throw new AppError('VALIDATION', WORK_ORDER_MSG.contributionsUnavailable);
  return order;
}

/** Every row refers to a partner of the order's company, a supply of the order, and (update/destroy) its own rows. */
function checkBody(order: WorkOrder, body: ContributionsBody): void {
  const partners = new Set(order.company.partners.map((p) => p.partner.company_id));
  const supplies = new Set(order.supplies.map((s) => s.supply_id));
  const laborIds = new Set(order.labor_contributions.map((c) => c.labor_contribution_id));
  const supplyIds = new Set(order.supply_contributions.map((c) => c.supply_contribution_id));
  const invalid: Detail[] = [];
  let missing = false;
  const rows: [Kind, 'save' | 'update', { partner_id: number; supply_id?: number }, number][] = [
    ...body.labor_contributions.save.map((r, i) => ['labor', 'save', r, i] as [Kind, 'save', typeof r, number]),
    ...body.labor_contributions.update.map((r, i) => ['labor', 'update', r, i] as [Kind, 'update', typeof r, number]),
    ...body.supply_contributions.save.map((r, i) => ['supply', 'save', r, i] as [Kind, 'save', typeof r, number]),
    ...body.supply_contributions.update.map((r, i) => ['supply', 'update', r, i] as [Kind, 'update', typeof r, number]),
  ];
  for (const [kind, list, r, i] of rows) {
    const loc = ['body', `${kind}_contributions`, list, i];
    if (!partners.has(r.partner_id)) invalid.push({ loc: [...loc, 'partner_id'], msg: CONTRIBUTION_MSG.partnerNotOfCompany });
    if (kind === 'supply' && r.supply_id !== undefined && !supplies.has(r.supply_id)) invalid.push({ loc: [...loc, 'supply_id'], msg: CONTRIBUTION_MSG.supplyNotInOrder });
  }
  for (const r of body.labor_contributions.update) missing ||= !laborIds.has(r.labor_contribution_id);
  for (const r of body.supply_contributions.update) missing ||= !supplyIds.has(r.supply_contribution_id);
  for (const id of body.labor_contributions.destroy) missing ||= !laborIds.has(id);
  for (const id of body.supply_contributions.destroy) missing ||= !supplyIds.has(id);
  if (invalid.length) throw new AppError('VALIDATION', invalid[0].msg, invalid);
  if (missing) throw notFound(CONTRIBUTION_MSG.notFound);
}

/**
 * Saves, updates and destroys an order's labor and supply contributions in ONE transaction (contract "Calls"):
 * any refused row leaves every contribution as it was. Going past the total cost is allowed: the web asks first.
 * Returns the order with its new contributions and totals.
 */
export async function saveContributions(db: Executor, actor: Actor, workOrderId: number, body: ContributionsBody): Promise<WorkOrder> {
  return db.transaction(async (tx) => {
    const order = await lockedAgreementOrder(tx, actor, workOrderId);
    checkBody(order, body);
    const scope = { ...actor, workOrderId };
    const { labor_contributions: l, supply_contributions: s } = body;
    await deleteLabor(tx, scope, l.destroy);
    await deleteSupply(tx, scope, s.destroy);
    for (const { labor_contribution_id, ...values } of l.update) await updateLabor(tx, scope, labor_contribution_id, values);
    for (const { supply_contribution_id, ...values } of s.update) await updateSupply(tx, scope, supply_contribution_id, values);
    await insertLabor(tx, scope, l.save);
    await insertSupply(tx, scope, s.save);
    const saved = await loadWorkOrder(tx, actor.workspaceId, workOrderId);
    if (!saved) throw notFound(WORK_ORDER_MSG.notFound);
    return saved;
  });
}

/** Deletes one contribution of the workspace (DELETE costs/work-orders/contributions?labor_contribution_id|supply_contribution_id). */
export async function deleteContribution(db: Executor, actor: Actor, kind: Kind, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const workOrderId = await orderOfContribution(tx, actor.workspaceId, kind, id);
    if (workOrderId === undefined) throw notFound(CONTRIBUTION_MSG.notFound);
    const row = await lockOrder(tx, actor.workspaceId, workOrderId);
    if (!row) throw notFound(CONTRIBUTION_MSG.notFound);
    assertEditable(row);
    const scope = { workspaceId: actor.workspaceId, workOrderId };
    if (kind === 'labor') await deleteLabor(tx, scope, [id]);
    else await deleteSupply(tx, scope, [id]);
  });
}
