import { and, desc, eq, or, sql, type Placeholder } from 'drizzle-orm';
import type { Note } from '@fm/domain';
import type { Executor } from '../../db/client';
import { oncePerDb } from '../../db/once-per-db';
import { farms, fields, files, noteAttachments, notes } from '../../db/schema/index';
import { fileUrl } from '../../files/index';
import { containsPattern, listPage, matchesFolded, type ListPlan, type ListSpec } from '../../http/list-query';
import { narrowed, narrowingsOf, type Narrowings } from '../../http/list-narrowing';
import { listStatements, type StatementShape } from '../../http/list-statement';

/** Notas list: newest first; filters on title, text, farm, plot and dates (FieldMap whitelist). */
export const noteList: ListSpec = {
  resource: 'note',
  fields: {
    note_id: { column: notes.note_id, type: 'number' },
    title: { column: notes.title, type: 'string' },
    text: { column: notes.text, type: 'string' },
    farm_id: { column: notes.farm_id, type: 'number' },
    field_id: { column: notes.field_id, type: 'number' },
    created_at: { column: notes.created_at, type: 'date' },
    updated_at: { column: notes.updated_at, type: 'date' },
  },
  defaultOrder: [desc(notes.updated_at), desc(notes.note_id)],
};

export type NoteFilter = { noteId?: number; farmId?: number; search?: string };

const searchIn = (like: Placeholder) => or(matchesFolded(notes.title, like), matchesFolded(notes.text, like));

/** The list's narrowings (decision 0029): one note, a farm, `like` (the pattern searched in title and text). */
const narrowings: Narrowings = {
  note: (v) => eq(notes.note_id, v),
  farm: (v) => eq(notes.farm_id, v),
  like: searchIn,
};
const listWhere = (s: StatementShape, variant: string[]) => and(eq(notes.workspace_id, s.param('workspace')), ...narrowed(narrowings, s, variant), s.where);

const columns = {
  note_id: notes.note_id,
  title: notes.title,
  text: notes.text,
  farm_id: notes.farm_id,
  farm_name: farms.name,
  field_id: notes.field_id,
  field_name: fields.name,
  created_at: notes.created_at,
  updated_at: notes.updated_at,
};
type NoteRow = { [K in keyof typeof columns]: unknown } & { note_id: number };

const notesList = listStatements({
  columns,
  id: notes.note_id,
  from: (select, s, variant: string[]) => select.from(notes).where(listWhere(s, variant)),
  columnJoins: (filtered) => filtered.leftJoin(farms, eq(farms.farm_id, notes.farm_id)).leftJoin(fields, eq(fields.field_id, notes.field_id)),
});

/** One page of the workspace's notes (every query carries workspace_id), prepared per filter shape (decision 0029). */
export async function listNotes(db: Executor, workspaceId: number, plan: ListPlan, f: NoteFilter) {
  const { values, variant } = narrowingsOf(narrowings, { note: f.noteId, farm: f.farmId, like: containsPattern(f.search) });
  const all = { ...values, workspace: workspaceId };
  return listPage(db, plan, () => notesList.page(db, plan, all, variant), notesList.matching(db, plan, all, variant));
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

// every page of notes runs it: built once per database, the ids as one array parameter
const attachmentsOfNotes = oncePerDb((db) =>
  db
    .select({
      note_id: noteAttachments.note_id,
      note_attachment_id: noteAttachments.note_attachment_id,
      file_id: files.file_id,
      original_name: files.original_name,
      content_type: files.content_type,
      size_bytes: files.size_bytes,
    })
    .from(noteAttachments)
    .innerJoin(files, eq(files.file_id, noteAttachments.file_id))
    .where(and(eq(noteAttachments.workspace_id, sql.placeholder('workspace')), sql`${noteAttachments.note_id} = any(${sql.placeholder('ids')}::int[])`))
    .orderBy(noteAttachments.note_attachment_id)
    .prepare(''),
);

/** API shape: each note with its attachments (served at url to members of the workspace). */
export async function shapeNotes(db: Executor, workspaceId: number, rows: NoteRow[]): Promise<Note[]> {
  const ids = rows.map((r) => r.note_id);
  const attached = ids.length ? await attachmentsOfNotes(db).execute({ workspace: workspaceId, ids }) : [];
  return rows.map((r) => ({
    note_id: r.note_id,
    title: String(r.title),
    text: String(r.text),
    farm_id: (r.farm_id as number | null) ?? null,
    farm_name: (r.farm_name as string | null) ?? null,
    field_id: (r.field_id as number | null) ?? null,
    field_name: (r.field_name as string | null) ?? null,
    attachments: attached
      .filter((a) => a.note_id === r.note_id)
      .map((a) => ({ note_attachment_id: a.note_attachment_id, file_id: a.file_id, url: fileUrl(a.file_id), original_name: a.original_name, content_type: a.content_type, size_bytes: Number(a.size_bytes) })),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  }));
}

export async function findNote(db: Executor, workspaceId: number, noteId: number): Promise<Note | undefined> {
  const rows = await db
    .select(columns)
    .from(notes)
    .leftJoin(farms, eq(farms.farm_id, notes.farm_id))
    .leftJoin(fields, eq(fields.field_id, notes.field_id))
    .where(and(eq(notes.workspace_id, workspaceId), eq(notes.note_id, noteId)));
  return (await shapeNotes(db, workspaceId, rows))[0];
}

/** The bare row of the workspace (`lock`: FOR UPDATE). */
export async function findNoteRow(db: Executor, workspaceId: number, noteId: number, lock = false) {
  const q = db.select({ note_id: notes.note_id }).from(notes).where(and(eq(notes.note_id, noteId), eq(notes.workspace_id, workspaceId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export const attachmentCount = (db: Executor, workspaceId: number, noteId: number) =>
  db.$count(noteAttachments, and(eq(noteAttachments.workspace_id, workspaceId), eq(noteAttachments.note_id, noteId)));

export const noteFileIds = async (db: Executor, workspaceId: number, noteId: number) =>
  (await db.select({ file_id: noteAttachments.file_id }).from(noteAttachments).where(and(eq(noteAttachments.workspace_id, workspaceId), eq(noteAttachments.note_id, noteId)))).map((r) => r.file_id);

