import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContractBody, ContractDeliveriesBody, ListQuery, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { requireWorkspace } from '../../http/guard';
import { planList } from '../../http/list-query';
import { contractList, findContract, listContracts } from './contracts.repo';
import { CONTRACT_TEXT } from './contracts.rules';
import { createContract, deleteContract, updateContract } from './contracts.service';
import { applyDeliveries, contractDeliveries, deleteDelivery } from './deliveries.service';

type Action = 'read' | 'create' | 'update' | 'delete';
/** Contracts: module commercialization_stock (spec doc 3 route table, /contratos), feature contracts. */
const contractPerm = (action: Action) => ({ permission: { module: 'commercialization_stock' as const, action }, feature: 'contracts' as const });
/** Deliveries: the same module, feature deliveries. */
const deliveryPerm = (action: Action) => ({ permission: { module: 'commercialization_stock' as const, action }, feature: 'deliveries' as const });

const id = (name: string) => z.coerce.number({ error: `El parámetro ${name} es obligatorio` }).int().positive(`El parámetro ${name} no es válido`).max(2_147_483_647);
const ContractIdQuery = WorkspaceQuery.extend({ contract_id: id('contract_id') });
/** Applying tons without a contract answers the spec's 'No ha seleccionado ningún contrato.' */
const ApplyQuery = WorkspaceQuery.extend({
  contract_id: z.coerce.number({ error: CONTRACT_TEXT.noContract }).int(CONTRACT_TEXT.noContract).positive(CONTRACT_TEXT.noContract).max(2_147_483_647, CONTRACT_TEXT.noContract),
});
const DeliveryIdQuery = WorkspaceQuery.extend({ contract_movement_id: id('contract_movement_id') });
const ContractListQuery = ListQuery.extend({ contract_id: id('contract_id').optional(), search: z.string().max(200).optional() });
const tags = ['contracts'];

/** Grain contracts and their deliveries (spec doc 3 §7 "Contracts"; issue 11 items 5 and 6). */
export async function contractsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: Parameters<typeof requireAuth>[0]) => ({ workspaceId: requireWorkspace(request).workspace_id, userId: requireAuth(request).user_id });

  app.get(
    '/grains/contracts',
    {
      config: contractPerm('read'),
      schema: {
        tags,
        summary: 'Contratos de granos del espacio de trabajo (paginado, filtros contract_id, crop_id, status)',
        description:
          'Filas: contract_id, company_id, season_id, crop_id, buyer_id, agreement_id, contract_number, tons, tons_delivered, pending (tons − tons_delivered, 2 decimales), deadline, condition, exchange_rate, price (US$/tn), trade, observations, status (Sin entregar | Entrega parcial | Cumplido), season_name, company_name, crop_name, buyer_name, destination. destination: el destino del movimiento de la última entrega; sin entregas, el primer destino activo del comprador; si no, null. Filtros (filters JSON): contract.contract_id, contract.crop_id, contract.status, company_id, season_id, buyer_id, season.name, company.name, crop.name, buyer.name. search busca en número, campaña, empresa, producto y comprador. Orden por defecto contract_id DESC.',
        querystring: ContractListQuery,
      },
    },
    async (request) => {
      const q = request.query;
      const workspaceId = requireWorkspace(request).workspace_id;
      const plan = planList(q, contractList);
      const page = await listContracts(app.db, workspaceId, plan, { search: q.search, contractId: q.contract_id });
      return ok(page.data, page.extra);
    },
  );

  app.post(
    '/grains/contracts',
    {
      config: contractPerm('create'),
      schema: {
        tags,
        summary: 'Crea un contrato (Sin entregar)',
        description: 'Cuerpo: company_id, crop_id, buyer_id, season_id, tons (>0), price US$/tn (>0), exchange_rate?, agreement_id? (empresa de tipo convenio cuyos socios incluyen a company_id), contract_number?, deadline?, condition? (Forward | Cont. c/Entrega), trade?, observations?. Responde el contrato con la forma de la lista.',
        querystring: WorkspaceQuery,
        body: ContractBody,
      },
    },
    async (request, reply) => reply.code(201).send(created(await createContract(app.db, actorOf(request), request.body), CONTRACT_TEXT.ok)),
  );

  app.put(
    '/grains/contracts',
    {
      config: contractPerm('update'),
      schema: { tags, summary: 'Edita un contrato; el estado se recalcula (las Tn comprometidas no bajan de las entregadas)', querystring: ContractIdQuery, body: ContractBody },
    },
    async (request) => ok(await updateContract(app.db, actorOf(request), request.query.contract_id, request.body), { message: CONTRACT_TEXT.ok }),
  );

  app.delete(
    '/grains/contracts',
    { config: contractPerm('delete'), schema: { tags, summary: 'Elimina un contrato Sin entregar (409 si tiene entregas)', querystring: ContractIdQuery } },
    async (request) => {
      await deleteContract(app.db, actorOf(request), request.query.contract_id);
      return ok({ contract_id: request.query.contract_id }, { message: CONTRACT_TEXT.deleted });
    },
  );

  app.get(
    '/grains/contracts/movements',
    {
      config: deliveryPerm('read'),
      schema: {
        tags,
        summary: 'Entregas de un contrato',
        description: 'data[0] = el contrato (forma de la lista, con tons_delivered y pending) y movements: [{contract_movement_id, movement_id, tons, delivery_date, waybill, company_name, season_name}] (más nuevas primero). 404 si el contrato no es del espacio de trabajo.',
        querystring: ContractIdQuery,
      },
    },
    async (request) => {
      const workspaceId = requireWorkspace(request).workspace_id;
      const contract = await findContract(app.db, workspaceId, request.query.contract_id);
      if (!contract) throw notFound(CONTRACT_TEXT.notFound);
      return ok([{ ...contract, movements: await contractDeliveries(app.db, workspaceId, request.query.contract_id) }]);
    },
  );

  app.post(
    '/grains/contracts/movements',
    {
      config: deliveryPerm('create'),
      schema: {
        tags,
        summary: 'Aplica toneladas de movimientos recepcionados a un contrato',
        description:
          'Cuerpo {movements:[{movement_id, tons, delivery_date}]}. En una transacción: bloquea el contrato, los movimientos y sus stocks; rechaza (422) toneladas por encima de lo que le queda al movimiento (destination_tons − lo ya aplicado) o al stock, y la suma por encima de lo pendiente del contrato; un contrato Cumplido responde 409. Descuenta las toneladas del stock (transacción entrega), suma tons_delivered y recalcula el estado.',
        querystring: ApplyQuery,
        body: ContractDeliveriesBody,
      },
    },
    async (request, reply) => {
      const ids = await applyDeliveries(app.db, actorOf(request), request.query.contract_id, request.body.movements);
      return reply.code(201).send(created(ids.map((contract_movement_id) => ({ contract_movement_id })), CONTRACT_TEXT.applied));
    },
  );

  app.delete(
    '/grains/contracts/movements',
    {
      config: deliveryPerm('delete'),
      schema: { tags, summary: 'Elimina una entrega: devuelve las toneladas al stock, las resta del contrato y recalcula su estado', querystring: DeliveryIdQuery },
    },
    async (request) => {
      await deleteDelivery(app.db, actorOf(request), request.query.contract_movement_id);
      return ok({ contract_movement_id: request.query.contract_movement_id }, { message: CONTRACT_TEXT.deleted });
    },
  );
}
