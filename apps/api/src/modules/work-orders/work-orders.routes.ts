import { z } from 'zod';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ListQuery, WORK_ORDER_MSG, WORK_ORDER_SERVER_PAGE_SIZE, WorkOrderBody, WorkOrderListQuery, WorkOrderPricesQuery, WorkOrderStatusBody, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, envelope, ok, sendJsonRows } from '../../http/envelope';
import { AppError, notFound } from '../../http/errors';
import { requireWorkspace } from '../../http/guard';
import { planList } from '../../http/list-query';
import { listHistory } from './work-orders.history';
import { loadWorkOrderJson } from './work-orders.load';
import { lastPrices } from './work-orders.prices';
import { listWorkOrders, orderExists, splitCropFilter, workOrderList } from './work-orders.repo';
import { createWorkOrder, disableWorkOrder, restoreWorkOrder, updateWorkOrder } from './work-orders.service';
import { changeStatus, notifyStatusChange } from './work-orders.status';
import { StockExceeded } from './work-orders.stock';

type Action = 'read' | 'create' | 'update' | 'delete';
/** Every work-order route: module work_orders in the guard, feature flag work_orders. */
export const workOrderPerm = (action: Action) => ({ permission: { module: 'work_orders' as const, action }, feature: 'work_orders' as const });

const OrderIdQuery = WorkspaceQuery.extend({ work_order_id: z.coerce.number().int().positive().max(2_147_483_647) });
const UpdateQuery = OrderIdQuery.extend({ restore: z.enum(['true', 'false']).optional(), confirm_stock: z.enum(['true', 'false']).optional() });
const HistoryQuery = ListQuery.pick({ page: true, per_page: true, workspace_id: true, workspace: true }).extend({ work_order_id: OrderIdQuery.shape.work_order_id });
const StatusParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), status_id: z.coerce.number().int().min(0).max(100) });

/**
 * The PUT routes read their body here rather than in the route schema: `restore=true` and a status change may come
 * without one. Failures answer as the schema's would (422, each message with its location).
 */
function parseBody<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues.map((i) => ({ loc: ['body', ...i.path.map((p) => (typeof p === 'number' ? p : String(p)))], msg: i.message }));
  throw new AppError('VALIDATION', [...new Set(detail.map((d) => d.msg))].join('\n'), detail);
}

/** A use of stock beyond what there is answers 409 with `code: 'STOCK_EXCEEDED'` so the web asks to confirm. */
async function withStockCheck<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof StockExceeded)) throw e;
    return reply.code(409).send({ ...envelope(null, { status: 409, message: e.message, detail: e.detail }), code: e.errorCode });
  }
}

/** Work orders (spec doc 2 §7 "Work orders"; issue 10). */
export async function workOrdersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: Parameters<typeof requireAuth>[0]) => ({ workspaceId: requireWorkspace(request).workspace_id, userId: requireAuth(request).user_id });
  const certified = () => app.config.CERTIFIED_STATUS_WORKSPACES;

  app.get(
    '/work-orders',
    {
      config: workOrderPerm('read'),
      schema: {
        tags: ['work-orders'],
        summary: 'Órdenes de trabajo (lista por pestaña) o una orden por work_order_id',
        description:
          'tab=created (estados 1-6 y 8, no deshabilitadas; por defecto), planned (7) o disabled (deshabilitadas). Filtros: work_order_id, season_id, company_id, farm_id, labor_id, status_id, crop_id (is/in, sobre los lotes), created_at; search busca en empresa, establecimiento, labor y lotes. Orden por defecto work_order_id DESC; per_page 40. Con work_order_id devuelve esa orden con la forma completa (404 si no es del espacio de trabajo). contributions=true suma las listas de aportes.',
        querystring: WorkOrderListQuery,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const workspaceId = requireWorkspace(request).workspace_id;
      if (q.work_order_id !== undefined && q.pagination === undefined && q.filters === undefined && q.tab === undefined) {
        const order = await loadWorkOrderJson(app.db, workspaceId, q.work_order_id);
        if (order === undefined) throw notFound(WORK_ORDER_MSG.notFound);
        return sendJsonRows(reply, [order]);
      }
      const { filters, crops } = splitCropFilter(q.filters);
      const plan = planList({ ...q, filters, per_page: q.per_page ?? WORK_ORDER_SERVER_PAGE_SIZE }, workOrderList);
      // with list parameters, work_order_id narrows the list like an `is` filter
      const page = await listWorkOrders(app.db, workspaceId, plan, q, { crops, workOrderId: q.work_order_id });
      return sendJsonRows(reply, page.data, page.extra);
    },
  );

  app.post(
    '/work-orders',
    {
      config: workOrderPerm('create'),
      schema: {
        tags: ['work-orders'],
        summary: 'Crea una orden de trabajo (status_id 1 por defecto; 7 la guarda como planificada)',
        description: 'Cuerpo: season_plan_id, contractor_id?, labor_id, price, exchange_rate, labor_start_date, labor_end_date, notes?, observations?, status_id?, field_crops[], supplies[], adversities[]. Responde {work_order_id}.',
        querystring: WorkspaceQuery,
        body: WorkOrderBody,
      },
    },
    async (request, reply) => {
      const id = await createWorkOrder(app.db, actorOf(request), request.body);
      return reply.code(201).send(created({ work_order_id: id }, WORK_ORDER_MSG.created));
    },
  );

  app.put(
    '/work-orders',
    {
      config: workOrderPerm('update'),
      schema: {
        tags: ['work-orders'],
        summary: 'Edita una orden de trabajo, o la habilita con restore=true (sin cuerpo)',
        description:
          'Mismo cuerpo que POST (el estado no cambia aquí). Una orden deshabilitada responde 409. Si la orden ya usó stock, se devuelve y se vuelve a usar con los nuevos insumos y hectáreas; si no alcanza responde 409 code STOCK_EXCEEDED salvo confirm_stock=true.',
        querystring: UpdateQuery,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const actor = actorOf(request);
      const confirm = q.confirm_stock === 'true';
      if (q.restore === 'true') {
        return withStockCheck(reply, async () => {
          await restoreWorkOrder(app.db, actor, q.work_order_id, confirm);
          return ok({ work_order_id: q.work_order_id }, { message: WORK_ORDER_MSG.restored });
        });
      }
      const body = parseBody(WorkOrderBody, request.body);
      return withStockCheck(reply, async () => {
        await updateWorkOrder(app.db, actor, q.work_order_id, body, confirm);
        return ok({ work_order_id: q.work_order_id }, { message: WORK_ORDER_MSG.edited });
      });
    },
  );

  app.delete(
    '/work-orders',
    { config: workOrderPerm('delete'), schema: { tags: ['work-orders'], summary: 'Deshabilita una orden de trabajo (y devuelve el stock que usó)', querystring: OrderIdQuery } },
    async (request) => {
      await disableWorkOrder(app.db, actorOf(request), request.query.work_order_id);
      return ok({ work_order_id: request.query.work_order_id }, { message: WORK_ORDER_MSG.disabled });
    },
  );

  app.put(
    '/work-orders/:id/status/:status_id',
    {
      config: workOrderPerm('update'),
      schema: {
        tags: ['work-orders'],
        summary: 'Cambia el estado de una orden (3 requiere labor_date; 8 solo en los espacios configurados)',
        description:
          'Cuerpo {status_id?, labor_date?, observations?, confirm_stock?}. Pasar a 3 (Realizada) consume el stock de cada insumo vinculado (dosis × hectáreas); si no alcanza responde 409 code STOCK_EXCEEDED con detail por insumo, y con confirm_stock=true consume lo disponible. Salir de 3 (salvo a 4, 5 u 8) devuelve el stock. Notifica a los miembros del espacio.',
        params: StatusParams,
        querystring: WorkspaceQuery,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { id, status_id } = request.params;
      const body = parseBody(WorkOrderStatusBody, request.body);
      return withStockCheck(reply, async () => {
        const { statusName } = await changeStatus(app.db, actor, id, status_id, body, certified());
        await notifyStatusChange(app.db, actor, id, statusName);
        return ok({ work_order_id: id, status_id }, { message: WORK_ORDER_MSG.statusChanged });
      });
    },
  );

  app.get(
    '/work-orders/history',
    {
      config: workOrderPerm('read'),
      schema: { tags: ['work-orders'], summary: 'Historial de una orden (más nuevo primero): created, updated, deleted, restored, status, added, removed', querystring: HistoryQuery },
    },
    async (request) => {
      const q = request.query;
      const workspaceId = requireWorkspace(request).workspace_id;
      if (!(await orderExists(app.db, workspaceId, q.work_order_id))) throw notFound(WORK_ORDER_MSG.notFound);
      const plan = planList({ pagination: 'true', page: q.page, per_page: q.per_page ?? 5 }, { resource: 'history', fields: {}, defaultOrder: [] });
      const page = await listHistory(app.db, workspaceId, q.work_order_id, plan);
      return ok(page.data, page.extra);
    },
  );

  app.get(
    '/work-orders/prices',
    {
      config: workOrderPerm('read'),
      schema: { tags: ['work-orders'], summary: 'Último precio usado de cada labor e insumo (labor_id, supply_id: listas separadas por coma)', querystring: WorkOrderPricesQuery },
    },
    async (request) => {
      const q = request.query;
      return ok(await lastPrices(app.db, requireWorkspace(request).workspace_id, q.labor_id, q.supply_id));
    },
  );

}
