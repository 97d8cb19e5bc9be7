import { and, eq, isNull } from 'drizzle-orm';
import { NOTE_MSG as MSG, type Note, type NoteBody } from '@fm/domain';
import type { Executor } from '../../db/client';
import { farms, fields, notes } from '../../db/schema/index';
import { deleteUpload, type FileStore } from '../../files/index';
import { AppError, notFound } from '../../http/errors';
import { sharedInto } from '../../http/sharing';
import { findNote, findNoteRow, noteFileIds } from './notes.repo';

const fail = (field: string, msg: string) => new AppError('VALIDATION', msg, [{ loc: ['body', field], msg }]);

/**
 * The note's place: none, a farm shared into the workspace, or a plot of that farm (a plot alone implies its farm).
 * A farm not shared into the workspace (another account's included) or an unknown plot is a 404, as in rains and
 * monitorings (another workspace's id is a 404); a plot of another farm is a 422 on field_id.
 */
async function placeOf(db: Executor, workspaceId: number, body: NoteBody): Promise<{ farm_id: number | null; field_id: number | null }> {
  let farmId = body.farm_id;
  if (body.field_id !== null) {
    const [plot] = await db.select({ farm_id: fields.farm_id }).from(fields).where(and(eq(fields.field_id, body.field_id), isNull(fields.deleted_at)));
    if (!plot) throw notFound(MSG.plotNotFound);
    if (farmId !== null && plot.farm_id !== farmId) throw fail('field_id', MSG.plotNotOfFarm);
    farmId = plot.farm_id;
  }
  if (farmId !== null) {
    const [farm] = await db.select({ farm_id: farms.farm_id }).from(farms).where(and(eq(farms.farm_id, farmId), sharedInto('farms', farms.farm_id, workspaceId)));
    if (!farm) throw notFound(body.farm_id !== null ? MSG.farmNotFound : MSG.plotNotFound);
  }
  return { farm_id: farmId, field_id: body.field_id };
}

async function shaped(db: Executor, workspaceId: number, noteId: number): Promise<Note> {
  const note = await findNote(db, workspaceId, noteId);
  if (!note) throw notFound(MSG.notFound);
  return note;
}

export async function createNote(db: Executor, workspaceId: number, actorId: number, body: NoteBody): Promise<Note> {
  const place = await placeOf(db, workspaceId, body);
  const [row] = await db
    .insert(notes)
    .values({ workspace_id: workspaceId, title: body.title, text: body.text, ...place, created_by: actorId, updated_by: actorId })
    .returning({ note_id: notes.note_id });
  return shaped(db, workspaceId, row.note_id);
}

export async function updateNote(db: Executor, workspaceId: number, actorId: number, noteId: number, body: NoteBody): Promise<Note> {
  if (!(await findNoteRow(db, workspaceId, noteId))) throw notFound(MSG.notFound);
  const place = await placeOf(db, workspaceId, body);
  const [row] = await db
    .update(notes)
    .set({ title: body.title, text: body.text, ...place, updated_at: new Date(), updated_by: actorId })
    .where(and(eq(notes.note_id, noteId), eq(notes.workspace_id, workspaceId)))
    .returning({ note_id: notes.note_id });
  if (!row) throw notFound(MSG.notFound);
  return shaped(db, workspaceId, noteId);
}

/** Deletes the note, its attachment rows (cascade) and then their stored files. */
export async function deleteNote(db: Executor, store: FileStore, workspaceId: number, noteId: number): Promise<void> {
  const fileIds = await db.transaction(async (tx) => {
    if (!(await findNoteRow(tx, workspaceId, noteId, true))) throw notFound(MSG.notFound);
    const ids = await noteFileIds(tx, workspaceId, noteId);
    await tx.delete(notes).where(and(eq(notes.note_id, noteId), eq(notes.workspace_id, workspaceId)));
    return ids;
  });
  for (const fileId of fileIds) await deleteUpload(db, store, workspaceId, fileId).catch(() => false);
}
