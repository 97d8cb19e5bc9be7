import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LAND_MSG, WorkspaceQuery } from '@fm/domain';
import { ok } from '../../http/envelope';
import { AppError, badRequest } from '../../http/errors';
import { defineParseTask } from '../../workers/parse-pool';
import { BOUNDARY_MAX_BYTES, parseBoundaryFile } from './boundary';

/** KML/KMZ parsing runs in a worker thread (decision 0009): a hostile file costs a worker, never the request thread. */
const boundaryTask = defineParseTask({
  name: 'land.boundary',
  module: new URL('./boundary.ts', import.meta.url),
  fn: parseBoundaryFile,
  maxInputBytes: BOUNDARY_MAX_BYTES,
  timeoutMs: 10_000,
});

const limits = { fileSize: BOUNDARY_MAX_BYTES, files: 1, fields: 5, parts: 6 };

/** POST fields/boundary (multipart, one `file`): the polygons of a KML/KMZ with their geodesic hectares; nothing is stored. */
export async function boundaryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // another module may have registered multipart for the whole app; then its parser serves this route too
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart, { limits });
  app.post(
    '/fields/boundary',
    {
      config: { permission: { module: 'resources', action: 'create' }, feature: 'resources' },
      schema: { tags: ['farms'], summary: 'Importa el contorno de un lote desde un KML o KMZ y calcula sus hectáreas', querystring: WorkspaceQuery },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest(LAND_MSG.boundaryFileRequired);
      const file = await request.file({ limits });
      if (!file) throw badRequest(LAND_MSG.boundaryFileRequired);
      let buf: Buffer;
      try {
        buf = await file.toBuffer();
        if (buf.length > BOUNDARY_MAX_BYTES) throw new Error('too large');
      } catch {
        throw new AppError('PAYLOAD_TOO_LARGE', LAND_MSG.boundaryFileTooLarge);
      }
      return ok(await boundaryTask.run(buf));
    },
  );
}
