import { pgTable, integer, varchar, index } from 'drizzle-orm/pg-core';
import { audit, id } from './common';
import { workspaces } from './workspaces';
import { farms, fields } from './land';
import { files } from './inventory';

/** Notas (issue 12 §6): title, text, an optional farm or plot, attachments. */
export const notes = pgTable(
  'notes',
  {
    note_id: id('note_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id),
    title: varchar('title', { length: 120 }).notNull(),
    text: varchar('text', { length: 5000 }).notNull(),
    farm_id: integer('farm_id').references(() => farms.farm_id),
    field_id: integer('field_id').references(() => fields.field_id),
    ...audit,
  },
  (t) => [
    index('notes_list_idx').on(t.workspace_id, t.updated_at.desc(), t.note_id.desc()),
    index('notes_farm_idx').on(t.farm_id, t.workspace_id, t.note_id.desc()),
    index('notes_field_idx').on(t.field_id, t.workspace_id, t.note_id.desc()),
  ],
);

/** Files attached to a note (stored through the FileStore). */
export const noteAttachments = pgTable(
  'note_attachments',
  {
    note_attachment_id: id('note_attachment_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id),
    note_id: integer('note_id').notNull().references(() => notes.note_id, { onDelete: 'cascade' }),
    file_id: integer('file_id').notNull().references(() => files.file_id),
    ...audit,
  },
  (t) => [index('note_attachments_note_idx').on(t.note_id, t.workspace_id), index('note_attachments_file_idx').on(t.file_id), index('note_attachments_workspace_idx').on(t.workspace_id)],
);
