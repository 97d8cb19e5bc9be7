import type { Note, NoteAttachment, NoteInput } from '@fm/domain';
import { api } from '../../api/client';
import { fetchFile, saveBlob } from '../../api/download';

/** Note calls (issue 12 §6): GET/POST/PUT/DELETE notes with ?note_id=, attachments with notes/attachments. */
export const notesApi = {
  note: async (id: number): Promise<Note | undefined> => (await api.get<Note[]>('notes', { query: { note_id: id } })).data[0],
  create: async (body: NoteInput) => (await api.post<Note[]>('notes', body, { overlay: true })).data[0],
  update: async (id: number, body: NoteInput) => (await api.put<Note[]>('notes', body, { query: { note_id: id }, overlay: true })).data[0],
  remove: async (id: number) => (await api.del<unknown>('notes', { query: { note_id: id } })).message,
  attach: async (id: number, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return (await api.post<Note[]>('notes/attachments', form, { query: { note_id: id }, overlay: true })).message;
  },
  detach: async (attachmentId: number) => (await api.del<unknown>('notes/attachments', { query: { note_attachment_id: attachmentId } })).message,
  download: async (a: NoteAttachment) => saveBlob(await fetchFile(`files/${a.file_id}`), a.original_name),
};
