import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GRAIN_MSG, GrainMovementBody, GrainMovementsBody, ListQuery, ReceptionsBody, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok, sendJsonRows } from '../../http/envelope';
import { requireWorkspace } from '../../http/guard';
import { planList } from '../../http/list-query';
import { grainPerm, idParam } from './grains.perm';
import { exactMovementFilters, listMovementTexts, movementList } from './movements.repo';
import { createMovements, deleteMovement, humidityStandards, receiveMovements, updateMovement } from './movements.service';
import { movementsOfStock, requireStock } from './stocks.repo';

const tags = ['grains'];
const MovementIdQuery = WorkspaceQuery.extend({ movement_id: idParam('movement_id') });
const StockListQuery = ListQuery.extend({ stock_id: idParam('stock_id') });

/** Grain movements and receptions (spec doc 3 §7 "Grain movements"; issue 11 items 1 and 2). */
export async function movementsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: Parameters<typeof requireAuth>[0]) => ({ workspaceId: requireWorkspace(request).workspace_id, userId: requireAuth(request).user_id });
  const movementPerm = (action: 'read' | 'create' | 'update' | 'delete') => grainPerm('commercialization_movement', 'grain_movements', action);

  app.get(
    '/grains/movements',
    {
      config: movementPerm('read'),
      schema: {
        tags,
        summary: 'Movimientos de granos (paginado; filtros movement.status contains tránsito|destino, movement.movement_id is)',
        description:
          'Filas: movement_id, origin (nombre del stock de origen, o "lote | establecimiento"), origin_stock_id, season_plan_id, season_id/season_name, company_id, company_name (el socio si hay), partner_id/partner_name, farm_id/farm_name, field_id/field_name, field_crop_id, crop_id/crop_name, crop_sequence_id, destination_id/destination_name/destination_type, transport_id/transport_name, carrier_id/carrier_name, load_date, origin_tons, origin_humidity, destination_tons, destination_humidity, waybill, grain_traceability_code, chassis_patent, trailer_patent, freight_price (US$/tn), freight_exchange_rate, status (En tránsito | En destino), received_at, stock_id. Filtros también por season_id, company_id, farm_id, crop_id, destination_id, transport_id, stock_id, origin_stock_id, waybill, load_date. Orden por defecto movement_id DESC.',
        querystring: ListQuery,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = await listMovementTexts(app.db, requireWorkspace(request).workspace_id, planList({ ...q, filters: exactMovementFilters(q.filters) }, movementList));
      return sendJsonRows(reply, page.data, page.extra);
    },
  );

  app.post(
    '/grains/movements',
    {
      config: movementPerm('create'),
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Crea movimientos En tránsito ({movements:[...]}, todos en una transacción)',
        description:
          'Cada movimiento: season_plan_id (o season_id, company_id, farm_id), field_crop_id, destination_id, transport_id, carrier_id?, partner_id? (obligatorio si la empresa es un convenio), load_date? (hoy), origin_tons, origin_humidity, freight_price, freight_exchange_rate?, waybill?, grain_traceability_code? (11 dígitos), chassis_patent?, trailer_patent? (AAA123 o AA123AA; por defecto las del chofer). Responde las filas creadas (forma del GET).',
        querystring: WorkspaceQuery,
        body: GrainMovementsBody,
      },
    },
    async (request, reply) => {
      const rows = await createMovements(app.db, scopeOf(request), request.body.movements);
      return reply.code(201).send(created(rows, GRAIN_MSG.registered));
    },
  );

  app.put(
    '/grains/movements',
    {
      config: movementPerm('update'),
      schema: {
        tags,
        summary: 'Edita un movimiento En tránsito (409 si ya fue recepcionado)',
        description: 'Mismo cuerpo que un movimiento del POST. Responde la fila editada.',
        querystring: MovementIdQuery,
        body: GrainMovementBody,
      },
    },
    async (request) => ok(await updateMovement(app.db, scopeOf(request), request.query.movement_id, request.body), { message: GRAIN_MSG.saved }),
  );

  app.delete(
    '/grains/movements',
    { config: movementPerm('delete'), schema: { tags, summary: 'Elimina un movimiento En tránsito (409 si ya fue recepcionado; uno de stock devuelve las toneladas)', querystring: MovementIdQuery } },
    async (request) => {
      await deleteMovement(app.db, scopeOf(request), request.query.movement_id);
      return ok({ movement_id: request.query.movement_id }, { message: GRAIN_MSG.deleted });
    },
  );

  app.post(
    '/grains/movements/receptions',
    {
      config: movementPerm('create'),
      schema: {
        tags,
        summary: 'Recepciona movimientos En tránsito: pasan a En destino y suman destination_tons al stock del destino',
        description:
          'Cuerpo {receptions:[{movement_id, destination_tons, destination_humidity}]}; todo en una transacción (409 si alguno ya no está En tránsito). El stock se busca o crea por empresa, campaña, producto y destino. Responde [{movements, shrink:[{movement_id, destination_tons, destination_humidity, shrink_percent, shrink_tons, net_tons}]}] (merma por secado informativa, tabla grain_humidity_standards).',
        querystring: WorkspaceQuery,
        body: ReceptionsBody,
      },
    },
    async (request) => ok(await receiveMovements(app.db, scopeOf(request), request.body), { message: GRAIN_MSG.registered }),
  );

  app.get(
    '/grains/movements/stocks',
    {
      config: grainPerm('commercialization_stock', 'grain_stocks', 'read'),
      schema: {
        tags,
        summary: 'Movimientos recibidos en un stock, con remaining_tons (toneladas aún no aplicadas a contratos)',
        description: 'Filas del GET grains/movements más applied_tons y remaining_tons = destination_tons − toneladas aplicadas. 404 si el stock no es del espacio de trabajo.',
        querystring: StockListQuery,
      },
    },
    async (request) => {
      const q = request.query;
      const workspaceId = requireWorkspace(request).workspace_id;
      await requireStock(app.db, workspaceId, q.stock_id);
      const page = await movementsOfStock(app.db, workspaceId, q.stock_id, planList(q, movementList));
      return ok(page.data, page.extra);
    },
  );

  app.get(
    '/grains/humidity-standards',
    {
      config: { ...movementPerm('read'), permission: { module: 'commercialization_movement' as const, action: 'read' as const, alsoFor: ['commercialization_stock' as const] } },
      schema: { tags, summary: 'Tabla de merma por secado por producto (tolerancia, humedad de cálculo, factor por punto, manipuleo, fuente)', querystring: WorkspaceQuery },
    },
    async () => ok([...(await humidityStandards(app.db)).values()].map((s) => ({ ...s, base_humidity: Number(s.base_humidity), drying_humidity: Number(s.drying_humidity), shrink_factor: Number(s.shrink_factor), handling_loss: Number(s.handling_loss) }))),
  );
}
