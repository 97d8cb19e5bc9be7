import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoteInput } from '@fm/domain';
import { listKeys } from '../../api/use-list';
import { useSession } from '../../session/hooks';
import { notesApi } from './api';

/** List resource of /notas (DataTable keys it under listKeys.all). */
export const NOTES_RESOURCE = 'notes';

const noteKeys = {
  all: () => ['notes'] as const,
  note: (ws: number | null, id: number) => ['notes', 'note', ws, id] as const,
};

export function useNote(id: number | undefined) {
  const ws = useSession()?.workspaceId ?? null;
  return useQuery({ queryKey: noteKeys.note(ws, id ?? 0), queryFn: () => notesApi.note(id ?? 0), enabled: Boolean(id) });
}

export function useNoteMutations() {
  const client = useQueryClient();
  const onSuccess = async () => {
    await Promise.all([client.invalidateQueries({ queryKey: noteKeys.all() }), client.invalidateQueries({ queryKey: listKeys.all(NOTES_RESOURCE) })]);
  };
  return {
    create: useMutation({ mutationFn: (body: NoteInput) => notesApi.create(body), onSuccess }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: NoteInput }) => notesApi.update(id, body), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => notesApi.remove(id), onSuccess }),
    attach: useMutation({ mutationFn: ({ id, file }: { id: number; file: File }) => notesApi.attach(id, file), onSuccess }),
    detach: useMutation({ mutationFn: (attachmentId: number) => notesApi.detach(attachmentId), onSuccess }),
  };
}
