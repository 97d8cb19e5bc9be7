import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_MAX_BYTES } from '@fm/domain';
import { noteAttachmentsRoutes } from './attachments.routes';
import { notesRoutes } from './notes.routes';

export { seedNotesDemo } from './notes.demo';

/** Notas (issue 12 §6): notes and their attachments (multipart `file`, one per request). */
export async function notesModule(app: FastifyInstance) {
  // another module may have registered multipart for the whole app; then its parser serves these routes too
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
  await app.register(notesRoutes);
  await app.register(noteAttachmentsRoutes);
}
