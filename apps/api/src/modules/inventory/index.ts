import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { startExpiryJob } from './expiry';
import { MULTIPART_LIMITS } from './stocks.form';
import { stocksRoutes } from './stocks.routes';
import { suppliesRoutes } from './supplies.routes';
import { suppliesFileRoutes } from './supplies-file.routes';
import { transactionsRoutes } from './transactions.routes';
import { documentRoutes } from './document.routes';
import { warehousesRoutes } from './warehouses.routes';

/**
 * What other modules may call: the stock ledger (work orders consume and release stock inside their own transaction).
 * Each function takes the database or the caller's transaction and locks the stock rows it changes.
 */
export { adjust, consume, move, receive, type AdjustInput, type ConsumeInput, type MoveInput, type ReceiveInput } from './ledger';
export { releaseUsage, reverse } from './ledger-reverse';
export { runExpiryNotices } from './expiry';
export { seedInventoryDemo } from './inventory.demo';
/** Route registration of warehouses and the supplies catalogue. */
export { suppliesRoutes } from './supplies.routes';
export { warehousesRoutes } from './warehouses.routes';

/**
 * Supplies inventory (module stock_supplies): warehouses, the supplies catalogue, stock, its transactions,
 * expirations and the daily expiry notices.
 */
export async function inventoryModule(app: FastifyInstance) {
  // another module may have registered multipart for the whole app; then its parser serves these routes too
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart, { limits: MULTIPART_LIMITS });
  await app.register(warehousesRoutes);
  await app.register(suppliesRoutes);
  await app.register(suppliesFileRoutes);
  await app.register(stocksRoutes);
  await app.register(transactionsRoutes);
  await app.register(documentRoutes);
  startExpiryJob(app);
}
