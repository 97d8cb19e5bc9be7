import type { FastifyInstance } from 'fastify';
import { movementsRoutes } from './movements.routes';
import { stocksRoutes } from './stocks.routes';
import { grainsBulkRoutes } from './bulk/bulk.routes';
import './usage';

/**
 * What other modules may call (contracts: deliveries change grain stocks in their own transaction; the bulk load
 * creates movements): the grain stock ledger and the movement service.
 */
export { applyStockDelta, findOrCreateStock, lockMovementRemaining, reverseStockTransaction, GRAIN_STOCK_BALANCE, MOVEMENT_NOT_RECEIVED, type Scope, type StockDelta, type MovementRemaining } from './grains.ledger';
export { createMovements } from './movements.service';
export { grainPerm } from './grains.perm';
export { seedGrainsDemo } from './grains.demo';

/** Grain movements, receptions and grain stocks (modules commercialization_movement and commercialization_stock). */
export async function grainsModule(app: FastifyInstance) {
  await app.register(movementsRoutes);
  await app.register(stocksRoutes);
  await app.register(grainsBulkRoutes);
}
