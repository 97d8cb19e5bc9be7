import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdjustmentBody, INVENTORY_MSG, ListQuery, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok, sendJsonRows } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { requireWorkspace } from '../../http/guard';
import { planList } from '../../http/list-query';
import { adjust } from './ledger';
import { reverse } from './ledger-reverse';
import { readForm } from './stocks.form';
import { stockPerm } from './stocks.routes';
import { moveStock, parseMovement } from './stocks.service';
import { listTransactionTexts, splitWarehouseFilter, transactionList } from './transactions.repo';

const TransactionListQuery = ListQuery.extend({
  stock_id: z.coerce.number().int().positive().optional(),
  warehouse_id: z.coerce.number().int().positive().optional(),
});

const invalidType = () => new AppError('VALIDATION', INVENTORY_MSG.typeInvalid, [{ loc: ['body', 'name'], msg: INVENTORY_MSG.typeInvalid }]);

/** GET/POST/DELETE supplies/stocks/transactions: the ledger's history, movements and adjustments, reversals. */
export async function transactionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/supplies/stocks/transactions',
    {
      config: stockPerm('read'),
      schema: {
        tags: ['inventory'],
        summary: 'Transacciones de stock (filtros stock.stock_id, stock.warehouse_id de origen o destino, name), más nuevas primero',
        querystring: TransactionListQuery,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { filters, warehouses } = splitWarehouseFilter(q.filters);
      const plan = planList({ ...q, filters }, transactionList);
      const narrowing = { warehouses: q.warehouse_id ? [...warehouses, [q.warehouse_id]] : warehouses, stock_id: q.stock_id || undefined };
      const page = await listTransactionTexts(app.db, requireWorkspace(request).workspace_id, plan, narrowing);
      return sendJsonRows(reply, page.data, page.extra);
    },
  );

  app.post(
    '/supplies/stocks/transactions',
    {
      config: stockPerm('create'),
      schema: {
        tags: ['inventory'],
        summary: 'Movimiento (name MOVEMENT) o ajuste (name ADJUSTMENT) de stock; multipart o JSON',
        description:
          'MOVEMENT: company_id, warehouse_id (depósito de DESTINO), invoice, delivery_note, observations, invoice_file, delivery_note_file y `stocks` (JSON) con filas {stock_id | company_id + warehouse_id (ORIGEN) + supply_id + unit_id, quantity}. ' +
          'ADJUSTMENT: stock_destiny_id (el stock ajustado), quantity (cantidad contada, ≥ 0), observations.',
        querystring: WorkspaceQuery,
      },
    },
    async (request, reply) => {
      const workspaceId = requireWorkspace(request).workspace_id;
      const userId = requireAuth(request).user_id;
      const form = await readForm(request);
      const name = typeof form.fields.name === 'string' ? form.fields.name.trim().toUpperCase() : '';
      if (name === 'MOVEMENT') {
        const movement = parseMovement(form);
        await moveStock(app.db, app.fileStore, { workspaceId, userId }, form, movement);
        return reply.code(201).send(created([], INVENTORY_MSG.movementDone));
      }
      if (name === 'ADJUSTMENT') {
        const parsed = AdjustmentBody.safeParse(form.fields);
        if (!parsed.success) {
          const detail = parsed.error.issues.map((i) => ({ loc: ['body', ...i.path.map(String)], msg: i.message }));
          throw new AppError('VALIDATION', [...new Set(detail.map((d) => d.msg))].join('\n'), detail);
        }
        const result = await adjust(app.db, { workspaceId, userId, stockId: parsed.data.stock_destiny_id, countedQuantity: parsed.data.quantity, observations: parsed.data.observations });
        return reply.code(201).send(created([{ stock_transaction_id: result.transactionId, difference: Number(result.difference) }], INVENTORY_MSG.adjustmentDone));
      }
      throw invalidType();
    },
  );

  app.delete(
    '/supplies/stocks/transactions',
    {
      config: stockPerm('delete'),
      schema: {
        tags: ['inventory'],
        summary: 'Elimina una transacción revirtiendo su efecto en el stock (409 si el stock quedaría negativo)',
        querystring: WorkspaceQuery.extend({ stock_transaction_id: z.coerce.number().int().positive() }),
      },
    },
    async (request) => {
      await reverse(app.db, { workspaceId: requireWorkspace(request).workspace_id, stockTransactionId: request.query.stock_transaction_id });
      return ok([], { message: INVENTORY_MSG.transactionDeleted });
    },
  );
}
