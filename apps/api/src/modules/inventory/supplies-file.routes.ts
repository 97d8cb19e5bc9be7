import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FILE_MSG, INVENTORY_CATALOGUE_MSG as MSG, UPLOAD_MAX_BYTES, WorkspaceQuery } from '@fm/domain';
import { supplies } from '../../db/schema/index';
import { deleteUpload, saveUpload } from '../../files/index';
import { requireAuth } from '../../http/auth';
import { created } from '../../http/envelope';
import { AppError, forbidden, notFound } from '../../http/errors';
import { requireWorkspace } from '../../http/guard';
import { findSupplyRow, shapeSupplies } from './supplies.repo';

const SupplyIdQuery = WorkspaceQuery.extend({ supply_id: z.coerce.number({ error: 'El parámetro supply_id es obligatorio' }).int().positive('El parámetro supply_id no es válido') });
const refuse = (msg: string) => new AppError('VALIDATION', msg, [{ loc: ['body', 'file'], msg }]);

/**
 * The technical sheet (ficha técnica) of an own supply: multipart `file`, PDF or image by magic bytes, up to 10 MB,
 * stored through the file store and served at the supply's file_url to members of the workspace. Catalogue supplies
 * are read-only (403); another workspace's supply is a 404. A new sheet replaces the previous one.
 */
export async function suppliesFileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/supplies/file',
    {
      config: { permission: { module: 'stock_supplies', action: 'update' }, feature: 'stock_supplies' },
      schema: { tags: ['inventory'], summary: 'Adjunta la ficha técnica de un insumo propio (multipart file: PDF o imagen, hasta 10 MB)', querystring: SupplyIdQuery },
    },
    async (request, reply) => {
      const workspaceId = requireWorkspace(request).workspace_id;
      const supplyId = request.query.supply_id;
      const current = await findSupplyRow(app.db, workspaceId, supplyId);
      if (!current) throw notFound(MSG.supplyNotFound);
      if (current.workspace_id === null) throw forbidden(MSG.catalogueReadOnly);
      if (!request.isMultipart()) throw refuse(MSG.technicalSheetRequired);
      const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
      if (!part) throw refuse(MSG.technicalSheetRequired);
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch {
        throw refuse(FILE_MSG.tooLarge);
      }
      if (part.file.truncated) throw refuse(FILE_MSG.tooLarge);
      // stored before the transaction (no file work inside it); removed again if the supply cannot take it
      const stored = await saveUpload(app.db, app.fileStore, { workspaceId, userId: requireAuth(request).user_id, filename: part.filename, buffer });
      let previous: number | null = null;
      try {
        await app.db.transaction(async (tx) => {
          const [row] = await tx.select({ file_id: supplies.file_id }).from(supplies).where(and(eq(supplies.supply_id, supplyId), eq(supplies.workspace_id, workspaceId))).for('update');
          if (!row) throw notFound(MSG.supplyNotFound);
          previous = row.file_id;
          await tx.update(supplies).set({ file_id: stored.file_id, updated_at: new Date(), updated_by: requireAuth(request).user_id }).where(and(eq(supplies.supply_id, supplyId), eq(supplies.workspace_id, workspaceId)));
        });
      } catch (e) {
        await deleteUpload(app.db, app.fileStore, workspaceId, stored.file_id);
        throw e;
      }
      if (previous !== null) await deleteUpload(app.db, app.fileStore, workspaceId, previous).catch(() => false);
      const row = await findSupplyRow(app.db, workspaceId, supplyId);
      if (!row) throw notFound(MSG.supplyNotFound);
      return reply.code(201).send(created(await shapeSupplies(app.db, workspaceId, [row]), MSG.technicalSheetSaved));
    },
  );
}
