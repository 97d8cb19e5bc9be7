import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@fm/domain';
import { monitoringsRoutes } from './monitorings.routes';
import { monitoringPhotosRoutes } from './photos.routes';

export { seedMonitoringsDemo } from './monitorings.demo';

/** Monitoreos (issue 12 §5): records, adversities and photos (multipart, one file a request). */
export async function monitoringsModule(app: FastifyInstance) {
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
  await app.register(monitoringsRoutes);
  await app.register(monitoringPhotosRoutes);
}
