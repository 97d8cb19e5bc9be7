import { z } from 'zod';
import { FIELD_RECORD_MSG, recordIdOrNull, recordRequiredText } from './field-records';

/** Notas (issue 12 §6): title, text, an optional farm or plot (a plot implies its farm), attachments (uploaded to the saved note). */
export const NOTE_TITLE_MAX = 120;
export const NOTE_TEXT_MAX = 5000;
export const NOTE_MAX_ATTACHMENTS = 10;

export const NOTE_MSG = {
  ...FIELD_RECORD_MSG,
  titleRequired: 'Ingresá el título',
  textRequired: 'Ingresá el texto de la nota',
  notFound: 'La nota no existe',
  created: 'Nota creada',
  updated: 'Nota actualizada',
  deleted: 'Nota eliminada',
} as const;

/** Body of `POST notes` and `PUT notes?note_id=` (attachments go through `POST notes/attachments`). */
export const NoteBody = z.object({
  title: recordRequiredText(NOTE_TITLE_MAX, NOTE_MSG.titleRequired),
  text: recordRequiredText(NOTE_TEXT_MAX, NOTE_MSG.textRequired),
  farm_id: recordIdOrNull,
  field_id: recordIdOrNull,
});
export type NoteBody = z.infer<typeof NoteBody>;
export type NoteInput = z.input<typeof NoteBody>;

/** A note as GET notes answers it (issue 12 §6). */
export type NoteAttachment = { note_attachment_id: number; file_id: number; url: string; original_name: string; content_type: string; size_bytes: number };
export type Note = {
  note_id: number;
  title: string;
  text: string;
  farm_id: number | null;
  farm_name: string | null;
  field_id: number | null;
  field_name: string | null;
  attachments: NoteAttachment[];
  created_at: string;
  updated_at: string;
};
