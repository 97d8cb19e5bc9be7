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
