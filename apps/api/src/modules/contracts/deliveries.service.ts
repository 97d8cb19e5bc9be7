import Big from 'big.js';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, destinations, grainContractMovements, grainContracts, grainMovements, grainStocks, seasons } from '../../db/schema/index';
import { AppError, conflict, notFound, type Detail } from '../../http/errors';
import { contractStatus, DELIVERY_DESTINATION_TYPES } from '@fm/domain';
import { CONTRACT_TEXT } from './contracts.rules';
import { lockContract, type LockedContract } from './contracts.repo';
import { lockStocks, restoreDeliveryStock, takeDeliveryTons } from './deliveries.ledger';

export type Actor = { workspaceId: number; userId: number };
export type DeliveryInput = { movement_id: number; tons: string | number; delivery_date: string | null };

const TONS_ABOVE_AVAILABLE = CONTRACT_TEXT.tonsAboveAvailable;
const NO_MOVEMENT = CONTRACT_TEXT.noMovement;

const TONS = 3;
/** Today in Argentina (UTC-3), the delivery date when none is given. */
const todayIso = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
const tonsOf = (v: string | number) => new Big(String(v)).round(TONS, Big.roundHalfUp);

/** Tons already applied to contracts per movement (the caller holds the movements' locks). */
async function appliedByMovement(tx: Executor, workspaceId: number, movementIds: number[]): Promise<Map<number, Big>> {
  if (!movementIds.length) return new Map();
  const rows = await tx
    .select({ movement_id: grainContractMovements.movement_id, tons: sql<string>`coalesce(sum(${grainContractMovements.tons}), 0)` })
    .from(grainContractMovements)
    .where(and(eq(grainContractMovements.workspace_id, workspaceId), inArray(grainContractMovements.movement_id, movementIds)))
    .groupBy(grainContractMovements.movement_id);
  return new Map(rows.map((r) => [r.movement_id, new Big(r.tons)]));
}

/** Locks the workspace's movements by ascending id (after the contract, before their stocks). */
async function lockMovements(tx: Executor, workspaceId: number, ids: number[]) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await tx
    .select()
    .from(grainMovements)
    .where(and(eq(grainMovements.workspace_id, workspaceId), inArray(grainMovements.movement_id, unique), isNull(grainMovements.deleted_at)))
    .orderBy(asc(grainMovements.movement_id))
    .for('update');
  return new Map(rows.map((r) => [r.movement_id, r]));
}

async function writeContract(tx: Executor, workspaceId: number, contract: LockedContract, delivered: Big, userId: number): Promise<void> {
  const tonsDelivered = delivered.toFixed(TONS);
  await tx
    .update(grainContracts)
    .set({ tons_delivered: tonsDelivered, status: contractStatus(contract.tons, tonsDelivered), updated_at: new Date(), updated_by: userId })
    .where(and(eq(grainContracts.workspace_id, workspaceId), eq(grainContracts.contract_id, contract.contract_id)));
}

/**
 * Applies received movements' tons to a contract, all or nothing, in ONE transaction that locks the contract, then
 * the movements, then their grain stocks (each by ascending id, FOR UPDATE). Each row is refused above the movement's
 * remaining tons (destination_tons − what is already applied) or above its stock's tons; the sum above the contract's
 * pending tons; a Cumplido contract takes none. Each delivery takes its tons out of the stock ('entrega') and raises
 * the contract's tons_delivered, whose status is recomputed.
 */
export async function applyDeliveries(db: Executor, actor: Actor, contractId: number, rows: DeliveryInput[]): Promise<number[]> {
  if (!rows.length) throw new AppError('VALIDATION', NO_MOVEMENT, [{ loc: ['body', 'movements'], msg: NO_MOVEMENT }]);
  return db.transaction(async (tx) => {
    const contract = await lockContract(tx, actor.workspaceId, contractId);
    if (!contract) throw notFound(CONTRACT_TEXT.notFound);
    if (contract.status === 'Cumplido' || new Big(contract.tons_delivered).gte(contract.tons)) throw conflict(CONTRACT_TEXT.contractFulfilled);

    const movements = await lockMovements(tx, actor.workspaceId, rows.map((r) => r.movement_id));
    const resolved = rows.map((r) => {
      const m = movements.get(r.movement_id);
      if (!m) throw notFound(CONTRACT_TEXT.movementNotFound);
      return { row: r, m, tons: tonsOf(r.tons) };
    });
    for (const [i, { m }] of resolved.entries()) {
      if (m.status !== 'En destino' || m.destination_tons === null || m.stock_id === null) throw new AppError('CONFLICT', CONTRACT_TEXT.movementNotReceived, [{ loc: ['body', 'movements', i, 'movement_id'], msg: CONTRACT_TEXT.movementNotReceived }]);
      if (m.crop_id !== contract.crop_id) throw new AppError('VALIDATION', CONTRACT_TEXT.movementOtherCrop, [{ loc: ['body', 'movements', i, 'movement_id'], msg: CONTRACT_TEXT.movementOtherCrop }]);
    }
    const stocks = await lockStocks(tx, actor.workspaceId, [...movements.values()].map((m) => m.stock_id as number));
    // deliveries leave from a collection point (Acopio): a Silo / Silobolsa stock is moved to one first
    const types = await tx
      .select({ stock_id: grainStocks.stock_id, type: destinations.destination_type })
      .from(grainStocks)
      .innerJoin(destinations, eq(destinations.destination_id, grainStocks.destination_id))
      .where(inArray(grainStocks.stock_id, [...stocks.keys()].length ? [...stocks.keys()] : [0]));
    if (types.some((t) => !DELIVERY_DESTINATION_TYPES.includes(t.type as never))) throw conflict(CONTRACT_TEXT.notFromAcopio);
    const applied = await appliedByMovement(tx, actor.workspaceId, [...movements.keys()]);

    // what each movement and stock still holds, taken down row by row (a list may name one movement twice)
    const remaining = new Map([...movements.values()].map((m) => [m.movement_id, new Big(m.destination_tons as string).minus(applied.get(m.movement_id) ?? 0)]));
    const inStock = new Map([...stocks.values()].map((s) => [s.stock_id, new Big(s.tons)]));
    const errors: Detail[] = [];
    let total = new Big(0);
    for (const [i, { m, tons }] of resolved.entries()) {
      const left = remaining.get(m.movement_id) ?? new Big(0);
      const stockLeft = inStock.get(m.stock_id as number);
      if (stockLeft === undefined) throw conflict(CONTRACT_TEXT.stockMissing);
      if (tons.gt(left) || tons.gt(stockLeft)) errors.push({ loc: ['body', 'movements', i, 'tons'], msg: TONS_ABOVE_AVAILABLE });
      remaining.set(m.movement_id, left.minus(tons));
      inStock.set(m.stock_id as number, stockLeft.minus(tons));
      total = total.plus(tons);
    }
    if (errors.length) throw new AppError('VALIDATION', TONS_ABOVE_AVAILABLE, errors);
    const pending = new Big(contract.tons).minus(contract.tons_delivered);
    if (total.gt(pending)) {
      const msg = CONTRACT_TEXT.aboveContractPending(pending.toFixed(2));
      throw new AppError('VALIDATION', msg, [{ loc: ['body', 'movements'], msg }]);
    }

    const ids: number[] = [];
    const today = todayIso();
    for (const { row: r, m, tons: delta } of resolved) {
      const tons = delta.toFixed(TONS);
      const [row] = await tx
        .insert(grainContractMovements)
        .values({ workspace_id: actor.workspaceId, contract_id: contractId, movement_id: m.movement_id, stock_id: m.stock_id, tons, delivery_date: r.delivery_date ?? today, created_by: actor.userId, updated_by: actor.userId })
        .returning({ id: grainContractMovements.contract_movement_id });
      await takeDeliveryTons(tx, actor, { stock_id: m.stock_id as number, tons, movement_id: m.movement_id, contract_movement_id: row.id, waybill: m.waybill });
      ids.push(row.id);
    }
    await writeContract(tx, actor.workspaceId, contract, new Big(contract.tons_delivered).plus(total), actor.userId);
    return ids;
  });
}

/**
 * Deletes a delivery and reverses all of it in one transaction: the tons go back to the movement's stock (an
 * 'entrega' reversal) and out of the contract's delivered tons, whose status is recomputed. Locks in the same order
 * as applying (contract, movement, stock).
 */
export async function deleteDelivery(db: Executor, actor: Actor, contractMovementId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ contract_id: grainContractMovements.contract_id })
      .from(grainContractMovements)
      .where(and(eq(grainContractMovements.workspace_id, actor.workspaceId), eq(grainContractMovements.contract_movement_id, contractMovementId)));
    if (!found) throw notFound(CONTRACT_TEXT.deliveryNotFound);
    const contract = await lockContract(tx, actor.workspaceId, found.contract_id);
    if (!contract) throw notFound(CONTRACT_TEXT.deliveryNotFound);
    const [delivery] = await tx
      .select()
      .from(grainContractMovements)
      .where(and(eq(grainContractMovements.workspace_id, actor.workspaceId), eq(grainContractMovements.contract_movement_id, contractMovementId)))
      .for('update');
    // a concurrent delete won the race
    if (!delivery) throw notFound(CONTRACT_TEXT.deliveryNotFound);
    if (delivery.movement_id !== null) await lockMovements(tx, actor.workspaceId, [delivery.movement_id]);
    if (delivery.stock_id !== null) await lockStocks(tx, actor.workspaceId, [delivery.stock_id]);
    await restoreDeliveryStock(tx, actor, contractMovementId);
    await tx.delete(grainContractMovements).where(eq(grainContractMovements.contract_movement_id, contractMovementId));
    const delivered = new Big(contract.tons_delivered).minus(delivery.tons);
    await writeContract(tx, actor.workspaceId, contract, delivered.lt(0) ? new Big(0) : delivered, actor.userId);
  });
}

/** GET grains/contracts/movements: the contract with its deliveries (newest first). */
export async function contractDeliveries(db: Executor, workspaceId: number, contractId: number) {
  return db
    .select({
      contract_movement_id: grainContractMovements.contract_movement_id,
      movement_id: grainContractMovements.movement_id,
      tons: grainContractMovements.tons,
      delivery_date: grainContractMovements.delivery_date,
      waybill: grainMovements.waybill,
      company_name: companies.name,
      season_name: seasons.name,
    })
    .from(grainContractMovements)
    .leftJoin(grainMovements, eq(grainMovements.movement_id, grainContractMovements.movement_id))
    .leftJoin(companies, eq(companies.company_id, grainMovements.company_id))
    .leftJoin(seasons, eq(seasons.season_id, grainMovements.season_id))
    .where(and(eq(grainContractMovements.workspace_id, workspaceId), eq(grainContractMovements.contract_id, contractId)))
    .orderBy(sql`${grainContractMovements.delivery_date} desc`, sql`${grainContractMovements.contract_movement_id} desc`);
}
