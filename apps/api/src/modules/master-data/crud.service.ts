import type { Executor } from '../../db/client';
import { notFound } from '../../http/errors';
import { assertSharingOwner, setSharing, share, unshareAll } from '../../http/sharing';
import { assertUnused, viewerOf } from '../../http/usage-checks';
import {
  deleteResource,
  findPresented,
  findVisible,
  insertResource,
  updateResource,
  type ResourceDef,
  type Row,
  type Scope,
} from './crud.repo';

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Spanish answers of the generic routes ('Proveedor creado correctamente', ...). */
export function messages(def: ResourceDef) {
  const noun = capitalized(def.noun);
  return {
    created: `${noun} creado correctamente`,
    updated: `${noun} editado correctamente`,
    activated: `${noun} activado`,
    deactivated: `${noun} desactivado`,
    deleted: `${noun} eliminado correctamente`,
    notFound: `No se encontró el ${def.noun}`,
  };
}

function splitSharing(body: Row): { values: Row; workspaces: number[] | undefined } {
  const { workspaces, ...values } = body;
  return { values, workspaces: workspaces as number[] | undefined };
}

/**
 * Creates a resource owned by the scope's account (in workspace W: W's owner) and shares it into W
 * plus the requested workspaces; only the owner may choose those (setSharing refuses anyone else).
 */
export async function createResource(db: Executor, def: ResourceDef, scope: Scope, actorId: number, body: Row): Promise<Row> {
  const { values, workspaces } = splitSharing(body);
  if (workspaces !== undefined) assertSharingOwner(scope.ownerId, actorId);
  return db.transaction(async (tx) => {
    await def.validate?.(tx, scope, values);
    const id = await insertResource(tx, def, { ...values, user_id: scope.ownerId, created_by: actorId, updated_by: actorId });
    if (def.sharing) {
      if (workspaces !== undefined) await setSharing(tx, { type: def.sharing, id, ownerId: scope.ownerId }, actorId, workspaces);
      if (scope.kind === 'workspace') await share(tx, def.sharing, id, [scope.workspaceId]);
    }
    return findPresented(tx, def, scope, id);
  });
}

/**
 * Edits a visible record (another workspace's is a 404). The cross-field rules run on the merged
 * record, so a partial update (e.g. only `active`, the list's toggle) is checked as a whole.
 */
export async function updateResourceById(db: Executor, def: ResourceDef, scope: Scope, actorId: number, id: number, body: Row): Promise<Row> {
  const { values, workspaces } = splitSharing(body);
  return db.transaction(async (tx) => {
    const existing = await findVisible(tx, def, scope, id);
    if (!existing) throw notFound(messages(def).notFound);
    if (workspaces !== undefined) assertSharingOwner(Number(existing.user_id), actorId);
    await def.validate?.(tx, scope, { ...existing, ...values });
    await updateResource(tx, def, scope, id, { ...values, updated_by: actorId, updated_at: new Date() });
    if (def.sharing && workspaces !== undefined) await setSharing(tx, { type: def.sharing, id, ownerId: Number(existing.user_id) }, actorId, workspaces);
    return findPresented(tx, def, scope, id);
  });
}

/** Deletes a visible record unless another record uses it (409 naming the use; never a cascade). */
export async function deleteResourceById(db: Executor, def: ResourceDef, scope: Scope, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await findVisible(tx, def, scope, id);
    if (!existing) throw notFound(messages(def).notFound);
    await assertUnused(tx, def.type, id, `el ${def.noun}`, viewerOf(scope));
    // the links go last: in a workspace scope they are what makes the record visible
    await deleteResource(tx, def, scope, id);
    if (def.sharing) await unshareAll(tx, def.sharing, id);
  });
}
