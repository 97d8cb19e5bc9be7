import { confirmAction, toast } from '../feedback';

type SaveMutation = { mutateAsync: (v: { id: number; body: { active: boolean } }) => Promise<{ message?: string }> };
type RemoveMutation = { mutateAsync: (id: number) => Promise<string | undefined> };

/** Row actions of a list: toggle (sends the inverse of active) and delete with confirm; a refusal shows the server's message. */
export function recordActions<T extends { active: boolean; name: string }>(mutations: { save: SaveMutation; remove: RemoveMutation }, noun: string, idOf: (row: T) => number) {
  const toggle = async (row: T) => {
    try {
      const res = await mutations.save.mutateAsync({ id: idOf(row), body: { active: !row.active } });
      toast.success(res.message ?? 'Guardado');
    } catch (error) {
      toast.apiError(error);
    }
  };
  const onDelete = (row: T) =>
    confirmAction({
      confirm: { title: `¿Eliminar ${noun} ${row.name}?`, content: 'Esta acción no se puede deshacer.', danger: true },
      run: () => mutations.remove.mutateAsync(idOf(row)),
      success: 'Eliminado',
    });
  return { toggle, onDelete };
}
