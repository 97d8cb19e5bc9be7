import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ListQuery, NOTE_MSG as MSG, NoteBody, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { requireWorkspace } from '../../http/guard';
import { planList } from '../../http/list-query';
import { listNotes, noteList, shapeNotes } from './notes.repo';
import { createNote, deleteNote, updateNote } from './notes.service';

/**
 * Field records are workspace records any member reads and writes: no permission module (decision 0022), the guard
 * still requires membership of the workspace_id; the 'notes' flag turns the routes on.
 */
export const notesConfig = { auth: 'user' as const, feature: 'notes' as const };
const id = (name: string) => z.coerce.number({ error: `El parámetro ${name} es obligatorio` }).int().positive(`El parámetro ${name} no es válido`);
export const NoteIdQuery = WorkspaceQuery.extend({ note_id: id('note_id') });
const tags = ['notes'];
const ROW =
  'data: [{note_id, title, text, farm_id, farm_name, field_id, field_name, attachments:[{note_attachment_id, file_id, url, original_name, content_type, size_bytes}], created_at, updated_at}]. ' +
  'Los adjuntos se sirven en url (GET files/{file_id}) solo a miembros del espacio de trabajo.';
const BODY = 'title (1-120, obligatorio), text (hasta 5000, obligatorio), farm_id (opcional, compartido en el espacio de trabajo), field_id (opcional, lote de ese establecimiento; solo el lote implica su establecimiento). Los adjuntos se cargan con POST notes/attachments. 404 si el establecimiento no está compartido en el espacio de trabajo o el lote no existe; 422 si el lote es de otro establecimiento.';

/** Notas (issue 12 §6): GET/POST/PUT/DELETE notes, ?note_id= for one. */
export async function notesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/notes',
    {
      config: notesConfig,
      schema: {
        tags,
        summary: 'Notas del espacio de trabajo (paginado; search en título y texto, farm_id, filters); ?note_id= una',
        description: ROW,
        querystring: ListQuery.extend({ note_id: id('note_id').optional(), farm_id: id('farm_id').optional(), search: z.string().max(200).optional() }),
      },
    },
    async (request) => {
      const workspaceId = requireWorkspace(request).workspace_id;
      const q = request.query;
      const { data, extra } = await listNotes(app.db, workspaceId, planList(q, noteList), { noteId: q.note_id, farmId: q.farm_id, search: q.search });
      if (q.note_id !== undefined && !data.length) throw notFound(MSG.notFound);
      return ok(await shapeNotes(app.db, workspaceId, data), extra);
    },
  );

  app.post(
    '/notes',
    { config: notesConfig, schema: { tags, summary: 'Crea una nota', description: `${BODY} ${ROW}`, querystring: WorkspaceQuery, body: NoteBody } },
    async (request, reply) => {
      const note = await createNote(app.db, requireWorkspace(request).workspace_id, requireAuth(request).user_id, request.body);
      return reply.code(201).send(created(note, MSG.created));
    },
  );

  app.put(
    '/notes',
    { config: notesConfig, schema: { tags, summary: 'Edita una nota (404 si no es del espacio de trabajo)', description: `${BODY} ${ROW}`, querystring: NoteIdQuery, body: NoteBody } },
    async (request) => {
      const note = await updateNote(app.db, requireWorkspace(request).workspace_id, requireAuth(request).user_id, request.query.note_id, request.body);
      return ok(note, { message: MSG.updated });
    },
  );

  app.delete(
    '/notes',
    { config: notesConfig, schema: { tags, summary: 'Elimina una nota con sus adjuntos', querystring: NoteIdQuery } },
    async (request) => {
      await deleteNote(app.db, app.fileStore, requireWorkspace(request).workspace_id, request.query.note_id);
      return ok([], { message: MSG.deleted });
    },
  );
}
