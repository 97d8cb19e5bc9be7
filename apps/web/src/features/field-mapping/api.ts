import type { FieldMappingFieldResult, FieldMappingSyncResult } from '@fm/domain';
import { api, first } from '../../api/client';

/** POST onesoil/user_synchronize (spec doc 1 §7): creates or links the user's account in Ambientaciones. */
export async function synchronizeUser(): Promise<FieldMappingSyncResult> {
  return first(await api.post<FieldMappingSyncResult[]>('onesoil/user_synchronize'));
}

/** POST onesoil/fields?field_id (spec doc 2 §7): pushes one plot of the workspace, with its boundary. */
export async function synchronizeField(fieldId: number): Promise<FieldMappingFieldResult> {
  return first(await api.post<FieldMappingFieldResult[]>('onesoil/fields', undefined, { query: { field_id: fieldId } }));
}
