import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FILE_MSG, NOTE_MAX_ATTACHMENTS, NOTE_MSG as MSG, UPLOAD_MAX_BYTES, WorkspaceQuery } from '@fm/domain';
import { noteAttachments } from '../../db/schema/index';
import { deleteUpload, saveUpload } from '../../files/index';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { AppError, conflict, notFound } from '../../http/errors';
import { requireWorkspace } from '../../http/guard';
import { attachmentCount, findNote, findNoteRow } from './notes.repo';
import { NoteIdQuery, notesConfig } from './notes.routes';

export const ATTACHMENT_MSG = {
  required: 'Adjuntá el archivo (PDF o imagen)',
  tooMany: `Podés adjuntar hasta ${NOTE_MAX_ATTACHMENTS} archivos por nota`,
  notFound: 'El adjunto no existe',
  saved: 'Adjunto agregado',
  deleted: 'Adjunto eliminado',
} as const;

const refuse = (msg: string) => new AppError('VALIDATION', msg, [{ loc: ['body', 'file'], msg }]);
const AttachmentIdQuery = WorkspaceQuery.extend({
  note_attachment_id: z.coerce.number({ error: 'El parámetro note_attachment_id es obligatorio' }).int().positive('El parámetro note_attachment_id no es válido'),
});

/** Attachments of a note: multipart `file`, PDF or image by its magic bytes, up to 10 MB, through the file store. */
export async function noteAttachmentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['notes'];

  app.post(
    '/notes/attachments',
    {
      config: notesConfig,
      schema: {
        tags,
        summary: 'Adjunta un archivo a una nota (multipart file: PDF, JPG, PNG o WEBP por contenido, hasta 10 MB)',
        description: 'Responde la nota con sus adjuntos; cada url (GET files/{file_id}) se sirve solo a miembros del espacio de trabajo. 422 si el tipo o el tamaño no corresponden; 409 pasados 10 adjuntos.',
        querystring: NoteIdQuery,
      },
    },
    async (request, reply) => {
      const workspaceId = requireWorkspace(request).workspace_id;
      const noteId = request.query.note_id;
      if (!(await findNoteRow(app.db, workspaceId, noteId))) throw notFound(MSG.notFound);
      if (!request.isMultipart()) throw refuse(ATTACHMENT_MSG.required);
      const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
      if (!part) throw refuse(ATTACHMENT_MSG.required);
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch {
        throw refuse(FILE_MSG.tooLarge);
      }
      if (part.file.truncated) throw refuse(FILE_MSG.tooLarge);
      const userId = requireAuth(request).user_id;
      // checked (type by bytes, size) and stored before the transaction; removed again if the note cannot take it
      const stored = await saveUpload(app.db, app.fileStore, { workspaceId, userId, filename: part.filename, buffer });
      try {
        await app.db.transaction(async (tx) => {
          if (!(await findNoteRow(tx, workspaceId, noteId, true))) throw notFound(MSG.notFound);
          if ((await attachmentCount(tx, workspaceId, noteId)) >= NOTE_MAX_ATTACHMENTS) throw conflict(ATTACHMENT_MSG.tooMany);
          await tx.insert(noteAttachments).values({ workspace_id: workspaceId, note_id: noteId, file_id: stored.file_id, created_by: userId, updated_by: userId });
        });
      } catch (e) {
        await deleteUpload(app.db, app.fileStore, workspaceId, stored.file_id);
        throw e;
      }
      const note = await findNote(app.db, workspaceId, noteId);
      return reply.code(201).send(created(note ? [note] : [], ATTACHMENT_MSG.saved));
    },
  );

  app.delete(
    '/notes/attachments',
    { config: notesConfig, schema: { tags, summary: 'Quita un adjunto de una nota (y su archivo)', querystring: AttachmentIdQuery } },
    async (request) => {
      const workspaceId = requireWorkspace(request).workspace_id;
      const [row] = await app.db
        .delete(noteAttachments)
        .where(and(eq(noteAttachments.note_attachment_id, request.query.note_attachment_id), eq(noteAttachments.workspace_id, workspaceId)))
        .returning({ file_id: noteAttachments.file_id });
      if (!row) throw notFound(ATTACHMENT_MSG.notFound);
      await deleteUpload(app.db, app.fileStore, workspaceId, row.file_id).catch(() => false);
      return ok([], { message: ATTACHMENT_MSG.deleted });
    },
  );
}
