import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FIELD_MAPPING_MSG, FieldMappingFieldQuery, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { resourceScope } from '../../http/resource-scope';
import { createFieldMappingService } from '../../integrations/field-mapping/index';
import { synchronizeField, synchronizeUser, type FieldMappingDeps } from './field-mapping.service';

const FAILURES =
  '403 sin el adicional Ambientaciones o con la prueba PRO (plan 3); 503 si la instalación no tiene el servicio configurado; 502 si el servicio falla, responde algo inesperado o no responde a tiempo (no se guarda nada).';

/**
 * Ambientaciones (spec doc 1 §7 `POST onesoil/user_synchronize`, doc 2 §7 `POST onesoil/fields?field_id`; issue 12
 * item 8; decision 0025): links the user's account in the field-mapping service and pushes plots to it.
 */
export async function fieldMappingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['field-mapping'];
  const deps: FieldMappingDeps = { db: app.db, service: createFieldMappingService(app.config, (reason) => app.log.warn({ service: 'field-mapping' }, reason)) };

  app.post(
    '/onesoil/user_synchronize',
    {
      // each call creates or links an account in the external service
      config: { auth: 'user', feature: 'field_mapping', rateLimit: { max: 20, timeWindow: 60 * 60 * 1000 } },
      schema: {
        tags,
        summary: 'Sincroniza el usuario con el servicio de ambientaciones (crea o vincula su cuenta y guarda el token)',
        description: `Sin cuerpo. data[0]: {user_id, field_mapping_token}; message '${FIELD_MAPPING_MSG.synchronized}'. La sesión trae el token desde el próximo ingreso. ${FAILURES}`,
        querystring: WorkspaceQuery,
      },
    },
    async (request) => ok([await synchronizeUser(deps, requireAuth(request).user_id)], { message: FIELD_MAPPING_MSG.synchronized }),
  );

  app.post(
    '/onesoil/fields',
    {
      config: { permission: { module: 'resources', action: 'create' }, feature: 'field_mapping' },
      schema: {
        tags,
        summary: 'Envía un lote del espacio de trabajo (nombre, hectáreas y contorno GeoJSON) al servicio de ambientaciones',
        description: `Sin cuerpo. data[0]: {field_id, field_mapping_id, field_mapping_synced_at}. Volver a enviarlo reemplaza el lote en el servicio. 404 si el lote no es de este espacio; 422 si no tiene contorno; 409 si el usuario no está sincronizado (o el servicio ya no lo reconoce). ${FAILURES}`,
        querystring: WorkspaceQuery.extend(FieldMappingFieldQuery.shape),
      },
    },
    async (request) => {
      const { result, name } = await synchronizeField(deps, resourceScope(request, 'workspace'), requireAuth(request).user_id, request.query.field_id);
      return ok([result], { message: FIELD_MAPPING_MSG.fieldSynchronized(name) });
    },
  );
}
