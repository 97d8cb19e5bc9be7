import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { argentinaDay, GRAIN_MOVEMENT_STATUS, GRAIN_MSG, humidityShrink, type GrainMovementBody, type ReceptionsBody } from '@fm/domain';
import type { Executor } from '../../db/client';
import { grainHumidityStandards, grainMovements, grainStockTransactions } from '../../db/schema/index';
import { conflict, notFound } from '../../http/errors';
import { invalidateListCounts } from '../../http/list-query';
import { applyStockDelta, findOrCreateStock, reverseStockTransaction, type Scope } from './grains.ledger';
import { resolveOrigins, resolveTransports } from './grains.validate';
import { movementsByIds, type MovementRow } from './movements.repo';

/**
 * Movements (spec doc 3 "Movement forms", "Receptions screen", §4 "Movement"; issue 11 items 1 and 2). A movement is
 * created 'En tránsito'; only then can it be edited or deleted. Receiving it records destination tons and humidity,
 * moves it to 'En destino' and adds the tons to the destination's grain stock, in one transaction.
 */

/** Today in Argentina, YYYY-MM-DD (the form's default load date). */

const INSERT_CHUNK = 1000;

/** The columns of a movement body once its ids are resolved. */
async function resolveBodies(db: Executor, scope: Scope, bodies: GrainMovementBody[], locOf: (i: number) => (string | number)[]) {
  const origins = await resolveOrigins(db, scope.workspaceId, bodies, locOf);
  const transports = await resolveTransports(db, scope.workspaceId, bodies, locOf);
  const today = argentinaDay();
  return bodies.map((b, i) => {
    const { destination_type: _t, destination_name: _n, ...transport } = transports[i];
    return {
      ...origins[i],
      ...transport,
      load_date: b.load_date ?? today,
      origin_tons: b.origin_tons,
      origin_humidity: b.origin_humidity,
      waybill: b.waybill,
      grain_traceability_code: b.grain_traceability_code,
      freight_price: b.freight_price,
      freight_exchange_rate: b.freight_exchange_rate,
    };
  });
}

/** POST grains/movements: every movement in one transaction; answers the created rows. */
export async function createMovements(db: Executor, scope: Scope, bodies: GrainMovementBody[]): Promise<MovementRow[]> {
  const ids = await db.transaction(async (tx) => {
    const rows = await resolveBodies(tx, scope, bodies, (i) => ['movements', i]);
    const out: number[] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const chunk = rows.slice(i, i + INSERT_CHUNK).map((r) => ({ ...r, workspace_id: scope.workspaceId, status: GRAIN_MOVEMENT_STATUS.IN_TRANSIT, created_by: scope.userId, updated_by: scope.userId }));
      const inserted = await tx.insert(grainMovements).values(chunk).returning({ id: grainMovements.movement_id });
      out.push(...inserted.map((r) => r.id));
    }
    return out;
  });
  invalidateListCounts();
  return movementsByIds(db, scope.workspaceId, ids);
}

/** Locks an in-transit movement of the workspace (404 / 409 otherwise); its origin stock id. */
async function lockInTransit(tx: Executor, scope: Scope, movementId: number) {
  const [m] = await tx
    .select({ status: grainMovements.status, origin_stock_id: grainMovements.origin_stock_id, origin_tons: grainMovements.origin_tons })
    .from(grainMovements)
    .where(and(eq(grainMovements.workspace_id, scope.workspaceId), eq(grainMovements.movement_id, movementId), isNull(grainMovements.deleted_at)))
    .for('update');
  if (!m) throw notFound(GRAIN_MSG.movementNotFound);
  if (m.status !== GRAIN_MOVEMENT_STATUS.IN_TRANSIT) throw conflict(GRAIN_MSG.movementReceived);
  return m;
}

/** PUT grains/movements?movement_id: only while 'En tránsito'. A movement out of a stock keeps its origin (not editable here). */
export async function updateMovement(db: Executor, scope: Scope, movementId: number, body: GrainMovementBody): Promise<MovementRow> {
  await db.transaction(async (tx) => {
    const current = await lockInTransit(tx, scope, movementId);
    if (current.origin_stock_id !== null) throw conflict('Un movimiento de stock se modifica eliminándolo y volviéndolo a cargar.');
    const [row] = await resolveBodies(tx, scope, [body], () => []);
    await tx
      .update(grainMovements)
      .set({ ...row, updated_at: new Date(), updated_by: scope.userId })
      .where(and(eq(grainMovements.workspace_id, scope.workspaceId), eq(grainMovements.movement_id, movementId)));
  });
  const [m] = await movementsByIds(db, scope.workspaceId, [movementId]);
  return m;
}

/**
 * DELETE grains/movements?movement_id: only while 'En tránsito' (soft delete). A movement out of a stock gives its
 * tons back to that stock (its 'salida' transaction is removed).
 */
export async function deleteMovement(db: Executor, scope: Scope, movementId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockInTransit(tx, scope, movementId);
    if (current.origin_stock_id !== null) await undoStockExit(tx, scope, movementId);
    await tx.update(grainMovements).set({ deleted_at: new Date(), updated_at: new Date(), updated_by: scope.userId }).where(eq(grainMovements.movement_id, movementId));
  });
  invalidateListCounts();
}

/** Removes the 'salida' transactions of a movement out of a stock, giving the tons back (locked). */
export async function undoStockExit(tx: Executor, scope: Scope, movementId: number): Promise<void> {
  const exits = await tx
    .select({ id: grainStockTransactions.stock_transaction_id })
    .from(grainStockTransactions)
    .where(and(eq(grainStockTransactions.workspace_id, scope.workspaceId), eq(grainStockTransactions.movement_id, movementId), eq(grainStockTransactions.kind, 'salida')));
  for (const e of exits) await reverseStockTransaction(tx, scope, e.id);
}

export type Shrink = { movement_id: number; destination_tons: number; destination_humidity: number; shrink_percent: number; shrink_tons: number; net_tons: number };

/**
 * POST grains/movements/receptions: locks the movements (ascending ids; all must be the workspace's and 'En
 * tránsito'), finds or creates each destination's grain stock and adds the destination tons through a 'recepcion'
 * transaction. Answers the received movements and the humidity shrink of each (merma por secado, informative).
 */
export async function receiveMovements(db: Executor, scope: Scope, body: ReceptionsBody): Promise<{ movements: MovementRow[]; shrink: Shrink[] }> {
  const byId = new Map(body.receptions.map((r) => [r.movement_id, r]));
  const ids = [...byId.keys()].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    const locked = await tx
      .select({
        movement_id: grainMovements.movement_id,
        status: grainMovements.status,
        company_id: grainMovements.company_id,
        season_id: grainMovements.season_id,
        crop_id: grainMovements.crop_id,
        destination_id: grainMovements.destination_id,
        waybill: grainMovements.waybill,
        origin: sql<string>`coalesce(
          (select d.name from grain_stocks s join destinations d on d.destination_id = s.destination_id where s.stock_id = "grain_movements"."origin_stock_id"),
          (select concat_ws(' | ', f.name, fa.name) from fields f join farms fa on fa.farm_id = f.farm_id where f.field_id = "grain_movements"."field_id"))`,
      })
      .from(grainMovements)
      .where(and(eq(grainMovements.workspace_id, scope.workspaceId), inArray(grainMovements.movement_id, ids), isNull(grainMovements.deleted_at)))
      .orderBy(grainMovements.movement_id)
      .for('update', { of: grainMovements });
    if (locked.length !== ids.length) throw notFound(GRAIN_MSG.movementNotFound);
    const received = locked.find((m) => m.status !== GRAIN_MOVEMENT_STATUS.IN_TRANSIT);
    if (received) throw conflict(`${GRAIN_MSG.movementNotInTransit} (movimiento ${received.movement_id})`);
    for (const m of locked) {
      const r = byId.get(m.movement_id);
      if (!r) continue;
      const stockId = await findOrCreateStock(tx, scope, { company_id: m.company_id, season_id: m.season_id, crop_id: m.crop_id, destination_id: m.destination_id });
      await applyStockDelta(tx, scope, { stock_id: stockId, tons: r.destination_tons, kind: 'recepcion', movement_id: m.movement_id, waybill: m.waybill, origin: m.origin, humidity: r.destination_humidity });
      await tx
        .update(grainMovements)
        .set({
          status: GRAIN_MOVEMENT_STATUS.AT_DESTINATION,
          destination_tons: r.destination_tons,
          destination_humidity: r.destination_humidity,
          received_at: new Date(),
          stock_id: stockId,
          updated_at: new Date(),
          updated_by: scope.userId,
        })
        .where(eq(grainMovements.movement_id, m.movement_id));
    }
  });
  invalidateListCounts();
  const movements = await movementsByIds(db, scope.workspaceId, ids);
  const standards = await humidityStandards(db);
  const shrink = movements.map((m) => {
    const s = humidityShrink(String(m.destination_tons ?? 0), String(m.destination_humidity ?? 0), standards.get(m.crop_id));
    return {
      movement_id: m.movement_id,
      destination_tons: m.destination_tons ?? 0,
      destination_humidity: m.destination_humidity ?? 0,
      shrink_percent: Number(s.shrink_percent),
      shrink_tons: Number(s.shrink_tons),
      net_tons: Number(s.net_tons),
    };
  });
  return { movements, shrink };
}

/** grain_humidity_standards by crop. */
export async function humidityStandards(db: Executor) {
  const rows = await db.select().from(grainHumidityStandards);
  return new Map(rows.map((r) => [r.crop_id, r]));
}

