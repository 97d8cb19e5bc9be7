import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GRAIN_MSG, ListQuery, MoveGrainStockBody, NewGrainStockBody, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok, sendJsonRows } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { requireWorkspace } from '../../http/guard';
import { planList } from '../../http/list-query';
import { grainPerm, idParam } from './grains.perm';
import { listStockTexts, listTransactions, requireStock, stockList, transactionList } from './stocks.repo';
import { createStock, deleteStock, deleteTransaction, moveStock } from './stocks.service';

const tags = ['grains'];
const StockIdQuery = WorkspaceQuery.extend({ stock_id: idParam('stock_id') });
const TransactionsQuery = ListQuery.extend({ stock_id: idParam('stock_id') });
const DeleteTransactionQuery = WorkspaceQuery.extend({
  stock_transaction_id: idParam('stock_transaction_id').optional(),
  movement_id: idParam('movement_id').optional(),
  stock_id: idParam('stock_id').optional(),
});

/** Grain stocks, their ledger and moves out of a silo (spec doc 3 §7 "Grain stocks"; issue 11 item 4). */
export async function stocksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: Parameters<typeof requireAuth>[0]) => ({ workspaceId: requireWorkspace(request).workspace_id, userId: requireAuth(request).user_id });
  const stockPerm = (action: 'read' | 'create' | 'update' | 'delete') => grainPerm('commercialization_stock', 'grain_stocks', action);

  app.get(
    '/grains/stocks',
    {
      config: stockPerm('read'),
      schema: {
        tags,
        summary: 'Stocks de granos (paginado; filtro stock.stock_id)',
        description:
          'Filas: stock_id, season {season_id, name}, company {company_id, name}, destination {destination_id, name, destination_type}, product {crop_id, name}, tons, contractor_id/contractor_name, labor_price, labor_exchange_rate, observations, y los ids y nombres planos (season_id, season_name, company_name, destination_name, destination_type, crop_id, crop_name). Filtros: stock_id, company_id, season_id, crop_id, destination_id, tons, destination_type. Orden por defecto stock_id DESC.',
        querystring: ListQuery,
      },
    },
    async (request, reply) => {
      const page = await listStockTexts(app.db, requireWorkspace(request).workspace_id, planList(request.query, stockList));
      return sendJsonRows(reply, page.data, page.extra);
    },
  );

  app.post(
    '/grains/stocks',
    {
      config: stockPerm('create'),
      schema: {
        tags,
        summary: 'Nuevo stock: ingresa toneladas de un lote a un destino (create_silobag crea antes un Silobolsa)',
        description:
          'Cuerpo: los campos de un movimiento (season_plan_id o season_id+company_id+farm_id, field_crop_id, partner_id?, transport_id, carrier_id?, patentes, CTG, waybill, load_date?, freight_price, freight_exchange_rate?) más destination_id o create_silobag=true con silobag_name (Silobolsa en el establecimiento del plan), destination_tons > 0, destination_humidity, contractor_id?, labor_price?, labor_exchange_rate?, observations?. Queda un movimiento En destino y una transacción alta. Responde el stock.',
        querystring: WorkspaceQuery,
        body: NewGrainStockBody,
      },
    },
    async (request, reply) => reply.code(201).send(created(await createStock(app.db, scopeOf(request), request.body), GRAIN_MSG.registered)),
  );

  app.delete(
    '/grains/stocks',
    { config: stockPerm('delete'), schema: { tags, summary: 'Elimina un stock de granos con 0 toneladas (409 si tiene toneladas)', querystring: StockIdQuery } },
    async (request) => {
      await deleteStock(app.db, scopeOf(request), request.query.stock_id);
      return ok({ stock_id: request.query.stock_id }, { message: GRAIN_MSG.deleted });
    },
  );

  app.post(
    '/grains/stocks/movement',
    {
      config: stockPerm('create'),
      schema: {
        tags,
        summary: 'Mueve toneladas de un Silo o Silobolsa: crea un movimiento En tránsito y una salida del stock',
        description:
          'Cuerpo: destination_id, partner_id? (obligatorio si la empresa es un convenio), transport_id, carrier_id?, patentes, CTG, waybill, load_date?, freight_price, freight_exchange_rate?, tons, humidity. 422 "Las toneladas no pueden superar el stock." si tons supera el stock (bloqueado: pedidos concurrentes esperan su turno). Responde {movement_id, stock}.',
        querystring: StockIdQuery,
        body: MoveGrainStockBody,
      },
    },
    async (request, reply) => reply.code(201).send(created(await moveStock(app.db, scopeOf(request), request.query.stock_id, request.body), GRAIN_MSG.registered)),
  );

  app.get(
    '/grains/stocks/transactions',
    {
      config: stockPerm('read'),
      schema: {
        tags,
        summary: 'Transacciones de un stock de granos (más nuevas primero)',
        description:
          'Filas: stock_transaction_id, stock_id, movement_id, contract_movement_id, kind (alta, recepcion, salida, entrega) y kind_label, created_at, waybill, origin, destination (el destino del stock), destination_tons (toneladas con signo), destination_humidity. 404 si el stock no es del espacio de trabajo.',
        querystring: TransactionsQuery,
      },
    },
    async (request) => {
      const q = request.query;
      const workspaceId = requireWorkspace(request).workspace_id;
      await requireStock(app.db, workspaceId, q.stock_id);
      const page = await listTransactions(app.db, workspaceId, q.stock_id, planList(q, transactionList));
      return ok(page.data, page.extra);
    },
  );

  app.delete(
    '/grains/stocks/transactions',
    {
      config: stockPerm('delete'),
      schema: {
        tags,
        summary: 'Elimina una transacción de stock y revierte su efecto (por stock_transaction_id, o por movement_id como la pantalla)',
        description:
          'Una recepción vuelve el movimiento a En tránsito; un alta o una salida eliminan el movimiento que crearon. 409 si el stock quedaría negativo, si el movimiento tiene entregas, si la salida ya fue recepcionada, o si es una entrega (se elimina desde el contrato).',
        querystring: DeleteTransactionQuery,
      },
    },
    async (request) => {
      const q = request.query;
      if (q.stock_transaction_id === undefined && q.movement_id === undefined) throw badRequest('Indicá stock_transaction_id o movement_id');
      await deleteTransaction(app.db, scopeOf(request), q);
      return ok({ stock_transaction_id: q.stock_transaction_id ?? null, movement_id: q.movement_id ?? null }, { message: GRAIN_MSG.deleted });
    },
  );
}
