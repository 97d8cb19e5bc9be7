import type { FastifyInstance } from 'fastify';
import { fieldMappingRoutes } from './field-mapping.routes';

export { seedFieldMappingDemo } from './field-mapping.demo';

/** Ambientaciones: the field-mapping service (POST onesoil/user_synchronize, POST onesoil/fields). */
export async function fieldMappingModule(app: FastifyInstance) {
  await app.register(fieldMappingRoutes);
}
