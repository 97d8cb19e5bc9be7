import { and, eq, isNull } from 'drizzle-orm';
import type { Boundary } from '@fm/domain';
import type { Executor } from '../../db/client';
import { farms, fields, users } from '../../db/schema/index';
import type { ResourceScope } from '../../http/resource-scope';
import { farmVisible, fieldVisible } from '../land/index';

/** The user as the service's account needs it, with the token of an earlier synchronisation. */
export async function accountOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ user_id: users.user_id, email: users.email, name: users.name, last_name: users.last_name, token: users.field_mapping_token })
    .from(users)
    .where(eq(users.user_id, userId));
  return row;
}

export async function saveToken(db: Executor, userId: number, token: string): Promise<void> {
  await db.update(users).set({ field_mapping_token: token, updated_at: new Date() }).where(eq(users.user_id, userId));
}

/** A plot (not deleted) whose farm is shared into the workspace, with its farm's name. */
export async function findPlot(db: Executor, scope: ResourceScope, fieldId: number) {
  const [row] = await db
    .select({ field_id: fields.field_id, name: fields.name, hectares: fields.hectares, boundary: fields.boundary, farm_name: farms.name })
    .from(fields)
    .innerJoin(farms, eq(farms.farm_id, fields.farm_id))
    .where(and(eq(fields.field_id, fieldId), isNull(fields.deleted_at), farmVisible(scope)));
  return row ? { ...row, hectares: Number(row.hectares), boundary: (row.boundary as Boundary | null) ?? null } : undefined;
}

/** Records the service's id of the plot and when it was pushed; false when the plot is gone meanwhile. */
export async function markSynced(db: Executor, scope: ResourceScope, fieldId: number, externalId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(fields)
    .set({ field_mapping_id: externalId, field_mapping_synced_at: at })
    .where(and(eq(fields.field_id, fieldId), isNull(fields.deleted_at), fieldVisible(scope)))
    .returning({ field_id: fields.field_id });
  return rows.length > 0;
}
