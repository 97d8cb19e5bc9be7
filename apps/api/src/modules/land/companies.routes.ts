import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CompanyBody, CompanyUpdateBody, LAND_MSG, ListQuery, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { planList } from '../../http/list-query';
import { companyList, listCompanies, shapeCompanies } from './companies.repo';
import { createCompany, deleteCompany, updateCompany } from './companies.service';
import { resourceScope, ScopeQuery } from '../../http/resource-scope';
import { toggleMessage } from './toggle-message';

const perm = (action: 'read' | 'create' | 'update' | 'delete') => ({ permission: { module: 'resources' as const, action }, feature: 'resources' as const, ownerOnly: 'scope=account' as const });
const CompanyIdQuery = WorkspaceQuery.extend(ScopeQuery.shape).extend({ company_id: z.coerce.number().int().positive() });

/** Companies (empresas, convenios, socios productivos): account resources shared into workspaces. */
export async function companiesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/companies',
    { config: perm('read'), schema: { tags: ['companies'], summary: 'Empresas visibles en el espacio de trabajo (scope=account: todas las de la cuenta)', querystring: ListQuery.extend(ScopeQuery.shape) } },
    async (request) => {
      const scope = resourceScope(request, request.query.scope);
      const plan = planList(request.query, companyList);
      const { data, extra } = await listCompanies(app.db, scope, plan);
      return ok(await shapeCompanies(app.db, data), extra);
    },
  );

  app.post(
    '/companies',
    { config: perm('create'), schema: { tags: ['companies'], summary: 'Crea una empresa y la comparte en el espacio de trabajo', querystring: WorkspaceQuery, body: CompanyBody } },
    async (request, reply) => {
      const company = await createCompany(app.db, resourceScope(request, 'workspace'), requireAuth(request).user_id, request.body);
      return reply.code(201).send(created(company, LAND_MSG.companyCreated));
    },
  );

  app.put(
    '/companies',
    { config: perm('update'), schema: { tags: ['companies'], summary: 'Edita, activa/desactiva o comparte una empresa', querystring: CompanyIdQuery, body: CompanyUpdateBody } },
    async (request) => {
      const scope = resourceScope(request, request.query.scope);
      const message = toggleMessage(request.body, 'Empresa activada', 'Empresa desactivada');
      return ok(await updateCompany(app.db, scope, requireAuth(request).user_id, request.query.company_id, request.body), { message });
    },
  );

  app.delete(
    '/companies',
    { config: perm('delete'), schema: { tags: ['companies'], summary: 'Elimina una empresa que nada usa', querystring: CompanyIdQuery } },
    async (request) => {
      await deleteCompany(app.db, resourceScope(request, request.query.scope), request.query.company_id);
      return ok([], { message: LAND_MSG.deleted });
    },
  );
}
