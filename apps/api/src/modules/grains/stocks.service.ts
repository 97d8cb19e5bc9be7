import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { argentinaDay, GRAIN_MOVEMENT_STATUS, GRAIN_MSG, MOVABLE_DESTINATION_TYPES, type DestinationType, type MoveGrainStockBody, type NewGrainStockBody } from '@fm/domain';
import type { Executor } from '../../db/client';
import { lockBalances } from '../../db/ledger';
import { contractors, destinations, grainContractMovements, grainMovements, grainStocks, grainStockTransactions, workspaces } from '../../db/schema/index';
import { conflict, invalid, notFound } from '../../http/errors';
import { invalidateListCounts } from '../../http/list-query';
import { share, sharedInto } from '../../http/sharing';
import { applyStockDelta, findOrCreateStock, GRAIN_STOCK_BALANCE, reverseStockTransaction, type Scope } from './grains.ledger';
import { checkPartner, resolveOrigins, resolveTransports } from './grains.validate';
import { findStock, type StockRow } from './stocks.repo';

/**
 * Grain stocks (spec doc 3 "Grain stock screens", §4 "Stock", "Silo bag", §5 "New stock", "Move stock"; issue 11
 * item 4). Tons change only through grains.ledger (locked, recorded, never below zero).
 */

const fail = (field: string, msg: string) => invalid(field, msg);

/** 'Crear silobolsa': a Silobolsa destination of the workspace owner's account on the plan's farm, shared into the workspace. */
async function createSilobag(tx: Executor, scope: Scope, name: string, farmId: number): Promise<number> {
  const [ws] = await tx.select({ owner: workspaces.user_id }).from(workspaces).where(eq(workspaces.workspace_id, scope.workspaceId));
  const [d] = await tx
    .insert(destinations)
    .values({ user_id: ws.owner, name, destination_type: 'Silobolsa', farm_id: farmId, created_by: scope.userId, updated_by: scope.userId })
    .returning({ id: destinations.destination_id });
  await share(tx, 'destinations', d.id, [scope.workspaceId]);
  return d.id;
}

/**
 * POST grains/stocks (Nuevo Stock): the grain enters from a plot straight into the destination. Recorded as a
 * movement already 'En destino' (so its tons can be delivered like any received movement) and an 'alta' transaction.
 */
export async function createStock(db: Executor, scope: Scope, body: NewGrainStockBody): Promise<StockRow> {
  const stockId = await db.transaction(async (tx) => {
    const [origin] = await resolveOrigins(tx, scope.workspaceId, [body]);
    if (body.contractor_id !== null) {
      const [c] = await tx.select({ id: contractors.contractor_id }).from(contractors).where(and(eq(contractors.contractor_id, body.contractor_id), sharedInto('contractors', contractors.contractor_id, scope.workspaceId)));
      if (!c) throw notFound('No se encontró el contratista');
    }
    const destinationId = body.create_silobag ? await createSilobag(tx, scope, body.silobag_name ?? '', origin.farm_id) : (body.destination_id as number);
    const [transport] = await resolveTransports(tx, scope.workspaceId, [{ ...body, destination_id: destinationId }]);
    const extra = { contractor_id: body.contractor_id, labor_price: body.labor_price, labor_exchange_rate: body.labor_exchange_rate, observations: body.observations };
    const id = await findOrCreateStock(tx, scope, { company_id: origin.company_id, season_id: origin.season_id, crop_id: origin.crop_id, destination_id: destinationId }, extra);
    // an existing stock takes the new labor data when given
    const given = Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== null));
    if (Object.keys(given).length) await tx.update(grainStocks).set({ ...given, updated_at: new Date(), updated_by: scope.userId }).where(eq(grainStocks.stock_id, id));
    const { destination_type: _t, destination_name: _n, ...transportCols } = transport;
    const [m] = await tx
      .insert(grainMovements)
      .values({
        workspace_id: scope.workspaceId,
        ...origin,
        ...transportCols,
        load_date: body.load_date ?? argentinaDay(),
        origin_tons: body.destination_tons,
        origin_humidity: body.destination_humidity,
        destination_tons: body.destination_tons,
        destination_humidity: body.destination_humidity,
        waybill: body.waybill,
        grain_traceability_code: body.grain_traceability_code,
        freight_price: body.freight_price,
        freight_exchange_rate: body.freight_exchange_rate,
        status: GRAIN_MOVEMENT_STATUS.AT_DESTINATION,
        received_at: new Date(),
        stock_id: id,
        created_by: scope.userId,
        updated_by: scope.userId,
      })
      .returning({ id: grainMovements.movement_id, field_id: grainMovements.field_id });
    await applyStockDelta(tx, scope, { stock_id: id, tons: body.destination_tons, kind: 'alta', movement_id: m.id, waybill: body.waybill, humidity: body.destination_humidity, origin: 'Alta' });
    return id;
  });
  invalidateListCounts();
  return findStock(db, scope.workspaceId, stockId);
}

/**
 * DELETE grains/stocks?stock_id: only at 0 tons (409 otherwise). Its ledger rows go with it; movements and deliveries
 * that named it keep their data without the link.
 */
export async function deleteStock(db: Executor, scope: Scope, stockId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const stock = (await lockBalances(tx, GRAIN_STOCK_BALANCE, scope.workspaceId, [stockId])).get(stockId);
    if (!stock) throw notFound(GRAIN_MSG.stockNotFound);
    if (Number(stock.tons) > 0) throw conflict(GRAIN_MSG.stockNotEmpty);
    await tx.delete(grainStockTransactions).where(and(eq(grainStockTransactions.workspace_id, scope.workspaceId), eq(grainStockTransactions.stock_id, stockId)));
    await tx.update(grainMovements).set({ stock_id: null }).where(and(eq(grainMovements.workspace_id, scope.workspaceId), eq(grainMovements.stock_id, stockId)));
    await tx.update(grainMovements).set({ origin_stock_id: null }).where(and(eq(grainMovements.workspace_id, scope.workspaceId), eq(grainMovements.origin_stock_id, stockId)));
    await tx.update(grainContractMovements).set({ stock_id: null }).where(and(eq(grainContractMovements.workspace_id, scope.workspaceId), eq(grainContractMovements.stock_id, stockId)));
    await tx.delete(grainStocks).where(eq(grainStocks.stock_id, stockId));
  });
  invalidateListCounts();
}

/**
 * POST grains/stocks/movement?stock_id: moves tons out of a Silo / Silobolsa stock into a new 'En tránsito' movement
 * (origin_stock_id) with a 'salida' transaction of −tons. The stock is locked first: concurrent moves queue and
 * none can take more than there is ('Las toneladas no pueden superar el stock.').
 */
export async function moveStock(db: Executor, scope: Scope, stockId: number, body: MoveGrainStockBody): Promise<{ movement_id: number; stock: StockRow }> {
  const movementId = await db.transaction(async (tx) => {
    const stock = (await lockBalances(tx, GRAIN_STOCK_BALANCE, scope.workspaceId, [stockId])).get(stockId);
    if (!stock) throw notFound(GRAIN_MSG.stockNotFound);
    const [origin] = await tx.select({ type: destinations.destination_type, name: destinations.name }).from(destinations).where(eq(destinations.destination_id, stock.destination_id));
    if (!MOVABLE_DESTINATION_TYPES.includes(origin.type as DestinationType)) throw conflict(GRAIN_MSG.stockNotMovable);
    if (body.destination_id === stock.destination_id) throw fail('destination_id', 'El destino debe ser distinto al de origen.');
    await checkPartner(tx, stock.company_id, body.partner_id);
    const [transport] = await resolveTransports(tx, scope.workspaceId, [body]);
    const { destination_type: _t, destination_name: _n, ...transportCols } = transport;
    const [m] = await tx
      .insert(grainMovements)
      .values({
        workspace_id: scope.workspaceId,
        season_id: stock.season_id,
        company_id: stock.company_id,
        crop_id: stock.crop_id,
        partner_id: body.partner_id,
        origin_stock_id: stockId,
        ...transportCols,
        load_date: body.load_date ?? argentinaDay(),
        origin_tons: body.tons,
        origin_humidity: body.humidity,
        waybill: body.waybill,
        grain_traceability_code: body.grain_traceability_code,
        freight_price: body.freight_price,
        freight_exchange_rate: body.freight_exchange_rate,
        status: GRAIN_MOVEMENT_STATUS.IN_TRANSIT,
        created_by: scope.userId,
        updated_by: scope.userId,
      })
      .returning({ id: grainMovements.movement_id });
    await applyStockDelta(
      tx,
      scope,
      { stock_id: stockId, tons: `-${body.tons}`, kind: 'salida', movement_id: m.id, waybill: body.waybill, humidity: body.humidity, origin: origin.name },
      () => fail('tons', GRAIN_MSG.tonsAboveStock),
    );
    return m.id;
  });
  invalidateListCounts();
  return { movement_id: movementId, stock: await findStock(db, scope.workspaceId, stockId) };
}

export const DELIVERY_FROM_CONTRACT = 'Las entregas se eliminan desde el contrato.';
export const MOVEMENT_HAS_DELIVERIES = 'El movimiento tiene toneladas aplicadas a contratos: eliminá primero esas entregas.';

/** The transaction a DELETE names: by stock_transaction_id, or by movement_id (the screen's), optionally in stock_id. */
async function pickTransaction(tx: Executor, scope: Scope, by: { stock_transaction_id?: number; movement_id?: number; stock_id?: number }) {
  const conds = [eq(grainStockTransactions.workspace_id, scope.workspaceId)];
  if (by.stock_transaction_id !== undefined) conds.push(eq(grainStockTransactions.stock_transaction_id, by.stock_transaction_id));
  if (by.movement_id !== undefined) conds.push(eq(grainStockTransactions.movement_id, by.movement_id), inArray(grainStockTransactions.kind, ['alta', 'recepcion', 'salida']));
  if (by.stock_id !== undefined) conds.push(eq(grainStockTransactions.stock_id, by.stock_id));
  const [t] = await tx.select().from(grainStockTransactions).where(and(...conds)).orderBy(desc(grainStockTransactions.stock_transaction_id)).limit(1);
  if (!t) throw notFound(GRAIN_MSG.transactionNotFound);
  return t;
}

/**
 * DELETE grains/stocks/transactions: reverses the transaction's effect on the stock (never below zero: 409) and on
 * its movement — a reception goes back to 'En tránsito', an 'alta' or a 'salida' removes the movement it made.
 * Deliveries are deleted from the contract (409 here).
 */
export async function deleteTransaction(db: Executor, scope: Scope, by: { stock_transaction_id?: number; movement_id?: number; stock_id?: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const t = await pickTransaction(tx, scope, by);
    if (t.kind === 'entrega' || t.contract_movement_id !== null) throw conflict(DELIVERY_FROM_CONTRACT);
    if (t.movement_id !== null) {
      const [m] = await tx
        .select({ status: grainMovements.status })
        .from(grainMovements)
        .where(and(eq(grainMovements.movement_id, t.movement_id), isNull(grainMovements.deleted_at)))
        .for('update');
      if (m && (t.kind === 'recepcion' || t.kind === 'alta')) {
        const [d] = await tx.select({ id: grainContractMovements.contract_movement_id }).from(grainContractMovements).where(eq(grainContractMovements.movement_id, t.movement_id)).limit(1);
        if (d) throw conflict(MOVEMENT_HAS_DELIVERIES);
      }
      if (m && t.kind === 'salida' && m.status !== GRAIN_MOVEMENT_STATUS.IN_TRANSIT) throw conflict(GRAIN_MSG.movementReceived);
      await reverseStockTransaction(tx, scope, t.stock_transaction_id);
      if (m && t.kind === 'recepcion') {
        await tx
          .update(grainMovements)
          .set({ status: GRAIN_MOVEMENT_STATUS.IN_TRANSIT, destination_tons: null, destination_humidity: null, received_at: null, stock_id: null, updated_at: new Date(), updated_by: scope.userId })
          .where(eq(grainMovements.movement_id, t.movement_id));
      } else if (m) {
        await tx.update(grainMovements).set({ deleted_at: new Date(), updated_at: new Date(), updated_by: scope.userId }).where(eq(grainMovements.movement_id, t.movement_id));
      }
    } else {
      await reverseStockTransaction(tx, scope, t.stock_transaction_id);
    }
  });
  invalidateListCounts();
}

