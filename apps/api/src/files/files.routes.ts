import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../http/errors';
import { requireAuth } from '../http/auth';
import { FileMissingError } from './store';
import { findReadableFile } from './uploads';

export const FILE_NOT_FOUND = 'No se encontró el archivo';

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * `Content-Disposition` for a stored name: an ASCII `filename` (accents folded, anything else `_`) and the UTF-8
 * `filename*`, both with the extension of the stored type, so a saved copy opens as what it is.
 */
export function contentDisposition(originalName: string, contentType: string): string {
  const ext = EXTENSIONS[contentType];
  const stem = originalName.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'archivo';
  const name = ext ? `${stem}.${ext}` : stem;
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._ -]/g, '_')
    .slice(0, 150);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** GET files/:file_id: the bytes of a file to members of its workspace (any other caller: 404, as an unknown id). */
export async function filesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/files/:file_id',
    {
      // every module's files (inventory documents, recipe PDFs, monitoring photos, note attachments) go through here,
      // so no single module's flag may switch it off; the row's workspace decides who reads it
      config: { auth: 'user', feature: 'always' },
      schema: {
        tags: ['files'],
        summary: 'Descarga un archivo subido (factura, remito, ficha técnica, foto de monitoreo, adjunto de nota)',
        description: 'Solo para integrantes del espacio de trabajo dueño del archivo; para cualquier otro responde 404.',
        params: z.object({ file_id: z.coerce.number().int().positive().max(2_147_483_647) }),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const row = await findReadableFile(app.db, auth.user_id, request.params.file_id);
      if (!row) throw notFound(FILE_NOT_FOUND);
      let stream;
      try {
        stream = await app.fileStore.get(row.storage_key);
      } catch (e) {
        if (!(e instanceof FileMissingError)) throw e;
        request.log.warn({ file_id: row.file_id }, 'file row without bytes in the store');
        throw notFound(FILE_NOT_FOUND);
      }
      return reply
        .header('content-type', row.content_type)
        .header('content-length', String(row.size_bytes))
        .header('content-disposition', contentDisposition(row.original_name, row.content_type))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
}
