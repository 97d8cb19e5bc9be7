import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INVENTORY_MSG, ListQuery, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok, sendJsonRows } from '../../http/envelope';
import { requireWorkspace } from '../../http/guard';
import { planList } from '../../http/list-query';
import { listExpiredLots } from './expiry';
import { readForm } from './stocks.form';
import { listStocks, listStockTexts, stockList, stockTotals } from './stocks.repo';
import { deleteStock, enterStock, parseStockEntry } from './stocks.service';

type Action = 'read' | 'create' | 'update' | 'delete';
/** Every inventory route: module stock_supplies in the guard, feature flag stock_supplies. */
export const stockPerm = (action: Action) => ({ permission: { module: 'stock_supplies' as const, action }, feature: 'stock_supplies' as const });

const StockListQuery = ListQuery.extend({
  stock_id: z.coerce.number().int().positive().optional(),
  warehouse_id: z.coerce.number().int().positive().optional(),
  company_id: z.coerce.number().int().positive().optional(),
});

/** GET/POST/DELETE supplies/stocks and GET supplies/stocks/expired (also at stocks/expired). */
export async function stocksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/supplies/stocks',
    {
      // the work-order form links each supply to a stock
      config: { ...stockPerm('read'), permission: { ...stockPerm('read').permission, alsoFor: ['work_orders'] as const } },
      schema: {
        tags: ['inventory'],
        summary: 'Stock de insumos por empresa, depósito, insumo y unidad, con PPP y valor',
        description: 'Filtros stock.company_id, stock.warehouse_id, supply.name, supply.supply_type_id. El envelope suma `totals: {value_ars, value_usd}` de todas las filas filtradas.',
        querystring: StockListQuery,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const workspaceId = requireWorkspace(request).workspace_id;
      const plan = planList(q, stockList);
      // the query-string shortcuts narrow like an `is` filter
      const narrowing = { stock_id: q.stock_id || undefined, warehouse_id: q.warehouse_id || undefined, company_id: q.company_id || undefined };
      const page = await listStockTexts(app.db, workspaceId, plan, narrowing);
      const totals = await stockTotals(app.db, workspaceId, plan, narrowing);
      return sendJsonRows(reply, page.data, page.extra, { totals });
    },
  );

  app.post(
    '/supplies/stocks',
    {
      config: stockPerm('create'),
      schema: {
        tags: ['inventory'],
        summary: 'Alta de stock (multipart: supplies JSON, warehouse_id, company_id, provider_id, invoice, delivery_note, observations, invoice_file, delivery_note_file)',
        description: 'Cada fila suma al stock de (empresa, depósito, insumo, unidad): INITIAL si es nuevo, PURCHASE si ya existía; recalcula el PPP. Con stock_id (Agregar) suma a ese stock. Archivos PDF/JPEG/PNG/WebP de hasta 10 MB.',
        querystring: WorkspaceQuery,
      },
    },
    async (request, reply) => {
      const workspaceId = requireWorkspace(request).workspace_id;
      const form = await readForm(request);
      const entry = parseStockEntry(form);
      const stockIds = await enterStock(app.db, app.fileStore, { workspaceId, userId: requireAuth(request).user_id }, form, entry);
      const page = await listStocks(app.db, workspaceId, planList({}, stockList), { ids: stockIds });
      return reply.code(201).send(created(page.data, INVENTORY_MSG.stockLoaded));
    },
  );

  app.delete(
    '/supplies/stocks',
    { config: stockPerm('delete'), schema: { tags: ['inventory'], summary: 'Elimina un stock sin cantidad (con sus transacciones)', querystring: WorkspaceQuery.extend({ stock_id: z.coerce.number().int().positive() }) } },
    async (request) => {
      await deleteStock(app.db, requireWorkspace(request).workspace_id, request.query.stock_id);
      return ok([], { message: INVENTORY_MSG.stockDeleted });
    },
  );

  for (const url of ['/supplies/stocks/expired', '/stocks/expired']) {
    app.get(
      url,
      { config: stockPerm('read'), schema: { tags: ['inventory'], summary: 'Lotes en stock vencidos o que vencen en los próximos 30 días', querystring: WorkspaceQuery } },
      async (request) => ok(await listExpiredLots(app.db, requireWorkspace(request).workspace_id)),
    );
  }
}
