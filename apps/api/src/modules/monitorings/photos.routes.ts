import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MONITORING_MAX_PHOTOS, MONITORING_MSG as MSG, UPLOAD_MAX_BYTES, WorkspaceQuery, fileTooLarge } from '@fm/domain';
import { monitoringPhotos } from '../../db/schema/index';
import { checkUpload, deleteUpload, saveUpload } from '../../files/index';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { AppError, conflict, notFound } from '../../http/errors';
import { requireWorkspace } from '../../http/guard';
import { findMonitoring, findMonitoringRow } from './monitorings.repo';
import { MonitoringIdQuery, monitoringConfig } from './monitorings.routes';

/** A photo is an image (JPEG, PNG or WebP by its bytes) up to 10 MB. */
export const PHOTO_KINDS = ['jpeg', 'png', 'webp'] as const;
export const PHOTO_MAX_BYTES = UPLOAD_MAX_BYTES;
export const PHOTO_MSG = {
  required: 'Adjuntá la foto (JPG, PNG o WEBP)',
  tooMany: `Podés adjuntar hasta ${MONITORING_MAX_PHOTOS} fotos por monitoreo`,
  notFound: 'La foto no existe',
  saved: 'Foto agregada',
  deleted: 'Foto eliminada',
} as const;

const refuse = (msg: string) => new AppError('VALIDATION', msg, [{ loc: ['body', 'file'], msg }]);
const PhotoIdQuery = WorkspaceQuery.extend({
  monitoring_photo_id: z.coerce.number({ error: 'El parámetro monitoring_photo_id es obligatorio' }).int().positive('El parámetro monitoring_photo_id no es válido'),
});

/** Photos of a monitoring: multipart `file`, checked by magic bytes and size, stored through the file store. */
export async function monitoringPhotosRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['monitorings'];

  app.post(
    '/monitorings/photos',
    {
      config: monitoringConfig,
      schema: {
        tags,
        summary: 'Agrega una foto a un monitoreo (multipart file: JPG, PNG o WEBP por contenido, hasta 10 MB)',
        description: 'Responde el monitoreo con sus fotos; cada url (GET files/{file_id}) se sirve solo a miembros del espacio de trabajo. 422 si no es una imagen o supera el tamaño.',
        querystring: MonitoringIdQuery,
      },
    },
    async (request, reply) => {
      const workspaceId = requireWorkspace(request).workspace_id;
      const monitoringId = request.query.monitoring_id;
      if (!(await findMonitoringRow(app.db, workspaceId, monitoringId))) throw notFound(MSG.notFound);
      if (!request.isMultipart()) throw refuse(PHOTO_MSG.required);
      const part = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
      if (!part) throw refuse(PHOTO_MSG.required);
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch {
        throw refuse(fileTooLarge(PHOTO_MAX_BYTES));
      }
      if (part.file.truncated) throw refuse(fileTooLarge(PHOTO_MAX_BYTES));
      try {
        checkUpload({ filename: part.filename, buffer, allowed: PHOTO_KINDS });
      } catch (e) {
        // the store's message names PDFs too: a photo says what it must be
        if (e instanceof AppError && e.message !== fileTooLarge(PHOTO_MAX_BYTES)) throw refuse(MSG.photoInvalid);
        throw e;
      }
      const userId = requireAuth(request).user_id;
      const stored = await saveUpload(app.db, app.fileStore, { workspaceId, userId, filename: part.filename, buffer, allowed: PHOTO_KINDS });
      try {
        await app.db.transaction(async (tx) => {
          if (!(await findMonitoringRow(tx, workspaceId, monitoringId, true))) throw notFound(MSG.notFound);
          const count = await tx.$count(monitoringPhotos, and(eq(monitoringPhotos.workspace_id, workspaceId), eq(monitoringPhotos.monitoring_id, monitoringId)));
          if (count >= MONITORING_MAX_PHOTOS) throw conflict(PHOTO_MSG.tooMany);
          await tx.insert(monitoringPhotos).values({ workspace_id: workspaceId, monitoring_id: monitoringId, file_id: stored.file_id, created_by: userId, updated_by: userId });
        });
      } catch (e) {
        await deleteUpload(app.db, app.fileStore, workspaceId, stored.file_id);
        throw e;
      }
      const row = await findMonitoring(app.db, workspaceId, monitoringId);
      return reply.code(201).send(created(row ? [row] : [], PHOTO_MSG.saved));
    },
  );

  app.delete(
    '/monitorings/photos',
    { config: monitoringConfig, schema: { tags, summary: 'Quita una foto de un monitoreo (y su archivo)', querystring: PhotoIdQuery } },
    async (request) => {
      const workspaceId = requireWorkspace(request).workspace_id;
      const [photo] = await app.db
        .delete(monitoringPhotos)
        .where(and(eq(monitoringPhotos.monitoring_photo_id, request.query.monitoring_photo_id), eq(monitoringPhotos.workspace_id, workspaceId)))
        .returning({ file_id: monitoringPhotos.file_id });
      if (!photo) throw notFound(PHOTO_MSG.notFound);
      await deleteUpload(app.db, app.fileStore, workspaceId, photo.file_id).catch(() => false);
      return ok([], { message: PHOTO_MSG.deleted });
    },
  );
}
